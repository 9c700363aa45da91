#include "CLibCrypto.h"
#include <dlfcn.h>
#include <pthread.h>

static struct {
    const EVP_MD *(*sha1)(void);
    const EVP_MD *(*sha256)(void);
    const EVP_MD *(*sha512)(void);
    const EVP_MD *(*md5)(void);
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, ENGINE *);
    unsigned char *(*hmac)(const EVP_MD *, const void *, int, const unsigned char *, size_t, unsigned char *,
                           unsigned int *);
    int (*memcmp)(const void *, const void *, size_t);
    int (*scrypt)(const char *, size_t, const unsigned char *, size_t, uint64_t, uint64_t, uint64_t, uint64_t,
                  unsigned char *, size_t);
    int (*pbkdf2_hmac)(const char *, int, const unsigned char *, int, int, const EVP_MD *, int, unsigned char *);
    EVP_CIPHER_CTX *(*cipher_new)(void);
    void (*cipher_free)(EVP_CIPHER_CTX *);
    const EVP_CIPHER *(*aes_256_ctr)(void);
    int (*encrypt_init)(EVP_CIPHER_CTX *, const EVP_CIPHER *, ENGINE *, const unsigned char *,
                        const unsigned char *);
    int (*encrypt_update)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
} api;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    static const char *const names[] = {
        "EVP_sha1", "EVP_sha256", "EVP_sha512", "EVP_md5", "EVP_Digest", "HMAC", "CRYPTO_memcmp",
        "EVP_PBE_scrypt", "PKCS5_PBKDF2_HMAC", "EVP_CIPHER_CTX_new", "EVP_CIPHER_CTX_free", "EVP_aes_256_ctr",
        "EVP_EncryptInit_ex", "EVP_EncryptUpdate"};
    void **slots = (void **)&api;
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        slots[index] = dlsym(library, names[index]);
        if (slots[index] == NULL) return;
    }
    loaded = 1;
}

int libcrypto_available(void) {
    pthread_once(&once, load);
    return loaded;
}

const EVP_MD *libcrypto_sha1(void) { return libcrypto_available() ? api.sha1() : NULL; }
const EVP_MD *libcrypto_sha256(void) { return libcrypto_available() ? api.sha256() : NULL; }
const EVP_MD *libcrypto_sha512(void) { return libcrypto_available() ? api.sha512() : NULL; }
const EVP_MD *libcrypto_md5(void) { return libcrypto_available() ? api.md5() : NULL; }

int libcrypto_digest(const void *data, size_t count, unsigned char *digest, unsigned int *length,
                     const EVP_MD *type) {
    return libcrypto_available() && type != NULL ? api.digest(data, count, digest, length, type, NULL) : 0;
}

unsigned char *libcrypto_hmac(const EVP_MD *type, const void *key, int keyLength, const unsigned char *data,
                              size_t count, unsigned char *mac, unsigned int *length) {
    return libcrypto_available() && type != NULL ? api.hmac(type, key, keyLength, data, count, mac, length) : NULL;
}

int libcrypto_memcmp(const void *left, const void *right, size_t count) {
    return libcrypto_available() ? api.memcmp(left, right, count) : -1;
}

int libcrypto_scrypt(const char *password, size_t passwordLength, const unsigned char *salt, size_t saltLength,
                     uint64_t cost, uint64_t blockSize, uint64_t parallelism, uint64_t memoryLimit,
                     unsigned char *key, size_t keyLength) {
    if (!libcrypto_available()) return 0;
    return api.scrypt(password, passwordLength, salt, saltLength, cost, blockSize, parallelism, memoryLimit, key,
                      keyLength);
}

int libcrypto_pbkdf2_hmac(const char *password, int passwordLength, const unsigned char *salt, int saltLength,
                          int rounds, const EVP_MD *type, int keyLength, unsigned char *key) {
    if (!libcrypto_available() || type == NULL) return 0;
    return api.pbkdf2_hmac(password, passwordLength, salt, saltLength, rounds, type, keyLength, key);
}

int libcrypto_aes_256_ctr(const unsigned char *key, const unsigned char *iv, const unsigned char *input,
                          int count, unsigned char *output) {
    if (!libcrypto_available()) return -1;
    EVP_CIPHER_CTX *context = api.cipher_new();
    if (context == NULL) return -1;
    int written = -1;
    if (api.encrypt_init(context, api.aes_256_ctr(), NULL, key, iv) != 1
        || api.encrypt_update(context, output, &written, input, count) != 1) {
        written = -1;
    }
    api.cipher_free(context);
    return written;
}
