#ifndef CICU_SHIM_H
#define CICU_SHIM_H
// ICU's line-break iterator (UAX #14), loaded from Debian's libicuuc with dlopen on first use, so that start-up
// maps no ICU. ICU versions its symbol names (ubrk_open_72); the header's renaming macros give the names.
#include <dlfcn.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

typedef struct {
    UBreakIterator *(*open)(UBreakIteratorType, const char *, const UChar *, int32_t, UErrorCode *);
    void (*setText)(UBreakIterator *, const UChar *, int32_t, UErrorCode *);
    int32_t (*first)(UBreakIterator *);
    int32_t (*next)(UBreakIterator *);
} CICULineBreakAPI;

#define CICU_QUOTE_(name) #name
#define CICU_QUOTE(name) CICU_QUOTE_(name)

/// Loads libicuuc and its line-break functions into `api`; returns 0 when the library or a symbol is missing.
static inline int cicu_load_line_break(CICULineBreakAPI *api) {
    void *library = dlopen("libicuuc.so." CICU_QUOTE(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    api->open = (UBreakIterator *(*)(UBreakIteratorType, const char *, const UChar *, int32_t, UErrorCode *))
        dlsym(library, CICU_QUOTE(ubrk_open));
    api->setText = (void (*)(UBreakIterator *, const UChar *, int32_t, UErrorCode *))
        dlsym(library, CICU_QUOTE(ubrk_setText));
    api->first = (int32_t (*)(UBreakIterator *))dlsym(library, CICU_QUOTE(ubrk_first));
    api->next = (int32_t (*)(UBreakIterator *))dlsym(library, CICU_QUOTE(ubrk_next));
    return api->open != NULL && api->setText != NULL && api->first != NULL && api->next != NULL;
}
#endif
