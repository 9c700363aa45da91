#ifndef CFRIBIDI_SHIM_H
#define CFRIBIDI_SHIM_H
#include <fribidi/fribidi.h>
// FriBidi's paragraph types and type tests are macros that Swift cannot import.
static inline FriBidiParType shim_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType shim_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline int shim_fribidi_is_rtl(FriBidiCharType type) { return FRIBIDI_IS_RTL(type) != 0; }
static inline int shim_fribidi_is_strong(FriBidiCharType type) { return FRIBIDI_IS_STRONG(type) != 0; }
static inline int shim_fribidi_is_number(FriBidiCharType type) { return FRIBIDI_IS_NUMBER(type) != 0; }
static inline int shim_fribidi_is_arabic(FriBidiCharType type) { return FRIBIDI_IS_ARABIC(type) != 0; }
// Whether a letter joins the letter after it in logical order (joining types D and C: "joins left" in FriBidi's
// visual terms).
static inline int shim_fribidi_joins_following(FriBidiChar ch) {
    return FRIBIDI_JOINS_LEFT(fribidi_get_joining_type(ch)) != 0;
}
#endif
