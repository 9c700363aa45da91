#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// The wide-character API must be enabled before curses.h; SwiftPM drops pkg-config's -D flags.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Attribute macros are not importable into Swift.
static inline attr_t shim_A_NORMAL(void)    { return A_NORMAL; }
static inline attr_t shim_A_BOLD(void)      { return A_BOLD; }
static inline attr_t shim_A_DIM(void)       { return A_DIM; }
static inline attr_t shim_A_REVERSE(void)   { return A_REVERSE; }
static inline attr_t shim_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline int shim_KEY_F(int n) { return KEY_F(n); }

// wcwidth is hidden by Swift's Glibc module.
static inline int shim_wcwidth(wchar_t c) { return wcwidth(c); }
#endif
