#ifndef CCRYPT_H
#define CCRYPT_H
// libcrypt, opened with dlopen on the first call: only bcrypt hashes imported from another system need it, so
// every other run neither maps it nor resolves its symbols (DECISIONS.md, "Start-up"). Only the header is used at
// build time.
#include <crypt.h>

/// `crypt_r`: the hash of `phrase` under `setting` in `data`, or NULL on failure or when libcrypt.so.1 cannot be
/// opened.
char *libcrypt_crypt_r(const char *phrase, const char *setting, struct crypt_data *data);

#endif
