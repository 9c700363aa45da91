#include "CCrypt.h"
#include <dlfcn.h>
#include <pthread.h>

typedef char *(*crypt_r_function)(const char *, const char *, struct crypt_data *);
static crypt_r_function crypt_r_address;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcrypt.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library != NULL) crypt_r_address = (crypt_r_function)dlsym(library, "crypt_r");
}

char *libcrypt_crypt_r(const char *phrase, const char *setting, struct crypt_data *data) {
    pthread_once(&once, load);
    return crypt_r_address != NULL ? crypt_r_address(phrase, setting, data) : NULL;
}
