#ifndef CLIBCRYPTO_H
#define CLIBCRYPTO_H
// OpenSSL's libcrypto, opened with dlopen on the first call, so a run that hashes nothing (a first frame, a
// `status`, `--version`) neither maps it nor pays for its relocations (DECISIONS.md, "Start-up"). Only the
// headers are used at build time; every function below goes through an address resolved at first use and
// fails (0, NULL, or "different" for the comparison) when libcrypto.so.3 cannot be opened.
#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// Whether libcrypto.so.3 is loaded with every function used (it is opened on the first call of any).
int libcrypto_available(void);

/// The digest algorithms used: SHA-1, SHA-256, SHA-512 and MD5 (NULL when libcrypto is missing).
const EVP_MD *libcrypto_sha1(void);
const EVP_MD *libcrypto_sha256(void);
const EVP_MD *libcrypto_sha512(void);
const EVP_MD *libcrypto_md5(void);

/// `EVP_Digest`: the digest of `count` bytes at `data` into `digest` (at least EVP_MAX_MD_SIZE bytes).
int libcrypto_digest(const void *data, size_t count, unsigned char *digest, unsigned int *length,
                     const EVP_MD *type);

/// `HMAC`: the MAC of `count` bytes at `data` under `key` into `mac` (at least EVP_MAX_MD_SIZE bytes).
unsigned char *libcrypto_hmac(const EVP_MD *type, const void *key, int keyLength, const unsigned char *data,
                              size_t count, unsigned char *mac, unsigned int *length);

/// `CRYPTO_memcmp`: 0 when the two buffers are equal, compared in constant time; nonzero otherwise.
int libcrypto_memcmp(const void *left, const void *right, size_t count);

/// `EVP_PBE_scrypt`: 1 on success.
int libcrypto_scrypt(const char *password, size_t passwordLength, const unsigned char *salt, size_t saltLength,
                     uint64_t cost, uint64_t blockSize, uint64_t parallelism, uint64_t memoryLimit,
                     unsigned char *key, size_t keyLength);

/// `PKCS5_PBKDF2_HMAC`: 1 on success.
int libcrypto_pbkdf2_hmac(const char *password, int passwordLength, const unsigned char *salt, int saltLength,
                          int rounds, const EVP_MD *type, int keyLength, unsigned char *key);

/// AES-256 in CTR mode over `count` bytes: `key` is 32 bytes, `iv` 16; `output` gets `count` bytes.
/// Returns the number of bytes written, or -1.
int libcrypto_aes_256_ctr(const unsigned char *key, const unsigned char *iv, const unsigned char *input,
                          int count, unsigned char *output);
#endif
