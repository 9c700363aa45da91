#ifndef CICU_SHIM_H
#define CICU_SHIM_H
// Debian's ICU, loaded with dlopen on first use, so that start-up maps no ICU: the line-break iterator (UAX #14)
// from libicuuc, and locale data from libicui18n. ICU versions its symbol names (ubrk_open_72); the header's
// renaming macros give the names.
#include <dlfcn.h>
#include <unicode/ubrk.h>
#include <unicode/ucol.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/unumsys.h>
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

// ICU's locale data for what follows the interface language: region names, collation, the NFKD normaliser that
// search folding uses, and date formats from skeletons. From libicui18n (which loads libicuuc), on first use.
typedef struct {
    __typeof__(uloc_getDisplayCountry) *displayCountry;
    __typeof__(ucol_open) *openCollator;
    __typeof__(ucol_strcoll) *collate;
    __typeof__(ucol_close) *closeCollator;
    __typeof__(unorm2_getNFKDInstance) *nfkd;
    __typeof__(unorm2_normalize) *normalize;
    __typeof__(udatpg_open) *openPatternGenerator;
    __typeof__(udatpg_getBestPattern) *bestPattern;
    __typeof__(udatpg_close) *closePatternGenerator;
    __typeof__(udat_open) *openDateFormat;
    __typeof__(udat_format) *formatDate;
    __typeof__(udat_close) *closeDateFormat;
} CICULocaleAPI;

#define CICU_LOAD(library, field, name) (api->field = (__typeof__(api->field))dlsym(library, CICU_QUOTE(name))) != NULL

/// Loads libicui18n and the locale functions into `api`; returns 0 when the library or a symbol is missing.
static inline int cicu_load_locale(CICULocaleAPI *api) {
    void *library = dlopen("libicui18n.so." CICU_QUOTE(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    return CICU_LOAD(library, displayCountry, uloc_getDisplayCountry)
        && CICU_LOAD(library, openCollator, ucol_open) && CICU_LOAD(library, collate, ucol_strcoll)
        && CICU_LOAD(library, closeCollator, ucol_close)
        && CICU_LOAD(library, nfkd, unorm2_getNFKDInstance) && CICU_LOAD(library, normalize, unorm2_normalize)
        && CICU_LOAD(library, openPatternGenerator, udatpg_open) && CICU_LOAD(library, bestPattern, udatpg_getBestPattern)
        && CICU_LOAD(library, closePatternGenerator, udatpg_close)
        && CICU_LOAD(library, openDateFormat, udat_open) && CICU_LOAD(library, formatDate, udat_format)
        && CICU_LOAD(library, closeDateFormat, udat_close);
}

// A locale's default numbering system (CLDR's, through ICU): its ten digits, for the numbers the interface shows.
typedef struct {
    __typeof__(unumsys_open) *open;
    __typeof__(unumsys_isAlgorithmic) *isAlgorithmic;
    __typeof__(unumsys_getDescription) *description;
    __typeof__(unumsys_close) *close;
} CICUNumberingAPI;

/// Loads the numbering-system functions of libicui18n into `api`; returns 0 when the library or a symbol is missing.
static inline int cicu_load_numbering(CICUNumberingAPI *api) {
    void *library = dlopen("libicui18n.so." CICU_QUOTE(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    return CICU_LOAD(library, open, unumsys_open) && CICU_LOAD(library, isAlgorithmic, unumsys_isAlgorithmic)
        && CICU_LOAD(library, description, unumsys_getDescription) && CICU_LOAD(library, close, unumsys_close);
}
#endif
