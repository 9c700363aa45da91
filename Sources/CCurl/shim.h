#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <curl/curl.h>

// libcurl is not linked: it is opened with dlopen when the first request is sent, so a process that never
// reaches the network (the local backend) never maps libcurl and the thirty-odd libraries it depends on.
// The module map therefore has no `link` line, and every call goes through the addresses below. Swift cannot
// call variadic C functions, hence the fixed-arity wrappers for curl_easy_setopt and curl_easy_getinfo.

/// libcurl's easy interface, as resolved by `shim_curl_load`.
struct shim_curl {
    void *easy_init;
    void *easy_setopt;
    void *easy_perform;
    void *easy_getinfo;
    void *easy_reset;
    void *easy_cleanup;
    void *slist_append;
    void *slist_free_all;
};

/// Opens `library` (e.g. "libcurl.so.4") and resolves every entry point; 0 when the library or one of them
/// is missing.
static inline int shim_curl_load(struct shim_curl *api, const char *library) {
    static const char *const names[] = {"curl_easy_init", "curl_easy_setopt", "curl_easy_perform",
                                        "curl_easy_getinfo", "curl_easy_reset", "curl_easy_cleanup",
                                        "curl_slist_append", "curl_slist_free_all"};
    void **slots[] = {&api->easy_init, &api->easy_setopt, &api->easy_perform, &api->easy_getinfo,
                      &api->easy_reset, &api->easy_cleanup, &api->slist_append, &api->slist_free_all};
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if ((*slots[i] = dlsym(handle, names[i])) == NULL) return 0;
    }
    return 1;
}

typedef CURLcode (*shim_curl_setopt_fn)(CURL *, CURLoption, ...);

static inline CURL *shim_curl_easy_init(const struct shim_curl *api) {
    return ((CURL *(*)(void))api->easy_init)();
}

static inline CURLcode shim_curl_setopt_long(const struct shim_curl *api, CURL *handle, CURLoption option,
                                             long value) {
    return ((shim_curl_setopt_fn)api->easy_setopt)(handle, option, value);
}

static inline CURLcode shim_curl_setopt_offset(const struct shim_curl *api, CURL *handle, CURLoption option,
                                               curl_off_t value) {
    return ((shim_curl_setopt_fn)api->easy_setopt)(handle, option, value);
}

static inline CURLcode shim_curl_setopt_pointer(const struct shim_curl *api, CURL *handle, CURLoption option,
                                                const void *value) {
    return ((shim_curl_setopt_fn)api->easy_setopt)(handle, option, value);
}

/// Sets the body sink (CURLOPT_WRITEFUNCTION) and its context (CURLOPT_WRITEDATA).
static inline CURLcode shim_curl_setopt_writer(const struct shim_curl *api, CURL *handle,
                                               curl_write_callback writer, void *context) {
    CURLcode code = ((shim_curl_setopt_fn)api->easy_setopt)(handle, CURLOPT_WRITEFUNCTION, writer);
    return code != CURLE_OK ? code : ((shim_curl_setopt_fn)api->easy_setopt)(handle, CURLOPT_WRITEDATA, context);
}

/// Sets the progress callback (CURLOPT_XFERINFOFUNCTION, which can abort a transfer) and its context.
static inline CURLcode shim_curl_setopt_progress(const struct shim_curl *api, CURL *handle,
                                                 curl_xferinfo_callback progress, void *context) {
    CURLcode code = ((shim_curl_setopt_fn)api->easy_setopt)(handle, CURLOPT_XFERINFOFUNCTION, progress);
    if (code == CURLE_OK) code = ((shim_curl_setopt_fn)api->easy_setopt)(handle, CURLOPT_XFERINFODATA, context);
    return code != CURLE_OK ? code : ((shim_curl_setopt_fn)api->easy_setopt)(handle, CURLOPT_NOPROGRESS, 0L);
}

static inline CURLcode shim_curl_easy_perform(const struct shim_curl *api, CURL *handle) {
    return ((CURLcode (*)(CURL *))api->easy_perform)(handle);
}

static inline CURLcode shim_curl_getinfo_long(const struct shim_curl *api, CURL *handle, CURLINFO info,
                                              long *value) {
    return ((CURLcode (*)(CURL *, CURLINFO, ...))api->easy_getinfo)(handle, info, value);
}

static inline void shim_curl_easy_reset(const struct shim_curl *api, CURL *handle) {
    ((void (*)(CURL *))api->easy_reset)(handle);
}

static inline void shim_curl_easy_cleanup(const struct shim_curl *api, CURL *handle) {
    ((void (*)(CURL *))api->easy_cleanup)(handle);
}

static inline struct curl_slist *shim_curl_slist_append(const struct shim_curl *api, struct curl_slist *list,
                                                        const char *text) {
    return ((struct curl_slist *(*)(struct curl_slist *, const char *))api->slist_append)(list, text);
}

static inline void shim_curl_slist_free_all(const struct shim_curl *api, struct curl_slist *list) {
    ((void (*)(struct curl_slist *))api->slist_free_all)(list);
}
#endif
