#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
// libqrencode, loaded from Debian's libqrencode4 with dlopen when the first QR code is drawn, so that start-up
// maps nothing for a screen most runs never show (see DECISIONS.md "Start-up").
#include <dlfcn.h>
#include <stddef.h>
#include <qrencode.h>

typedef struct {
    QRcode *(*encodeString)(const char *, int, QRecLevel, QRencodeMode, int);
    void (*free)(QRcode *);
} CQREncodeAPI;

/// Loads libqrencode and the two functions used into `api`; returns 0 when the library or a symbol is missing.
static inline int cqrencode_load(CQREncodeAPI *api) {
    void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    api->encodeString = (QRcode *(*)(const char *, int, QRecLevel, QRencodeMode, int))
        dlsym(library, "QRcode_encodeString");
    api->free = (void (*)(QRcode *))dlsym(library, "QRcode_free");
    return api->encodeString != NULL && api->free != NULL;
}
#endif
