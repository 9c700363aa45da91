#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// The wide-character API must be enabled before curses.h; SwiftPM drops pkg-config's -D flags.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
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

// Mutable C globals are errors in Swift 6; read them through accessors.
static inline WINDOW *shim_stdscr(void) { return stdscr; }
static inline WINDOW *shim_curscr(void) { return curscr; }
static inline int shim_COLORS(void) { return COLORS; }
static inline int shim_COLOR_PAIRS(void) { return COLOR_PAIRS; }

// The size the kernel reports for a terminal; returns 0 on success.
static inline int shim_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

// Termination signals are only recorded here (async-signal-safe); the app polls and exits cleanly.
static inline volatile sig_atomic_t *shim_signal_slot(void) {
    static volatile sig_atomic_t slot = 0;
    return &slot;
}
static inline void shim_record_signal(int signal_number) { *shim_signal_slot() = signal_number; }
static inline int shim_pending_signal(void) { return *shim_signal_slot(); }
static inline void shim_clear_pending_signal(void) { *shim_signal_slot() = 0; }
// Installs the recorder without SA_RESTART so a blocking read returns early.
static inline int shim_record_signal_on(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = shim_record_signal;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL);
}
static inline int shim_default_signal_on(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL);
}

// Raises SIGTSTP with the default action (stop), so a raw-mode Ctrl-Z can suspend; returns after SIGCONT.
static inline void shim_stop_process(void) {
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &previous, NULL);
}

// Last-resort restore at exit when the app did not restore the terminal itself.
static inline volatile sig_atomic_t *shim_terminal_active_slot(void) {
    static volatile sig_atomic_t active = 0;
    return &active;
}
static inline void shim_restore_at_exit(void) {
    if (!*shim_terminal_active_slot()) return;
    *shim_terminal_active_slot() = 0;
    static const char paste_off[] = "\033[?2004l";
    if (write(STDOUT_FILENO, paste_off, sizeof paste_off - 1) < 0) return;
    endwin();
}
// Marks the terminal as needing a restore at exit (registers the atexit hook once).
static inline void shim_set_terminal_active(int active) {
    static int registered = 0;
    if (active && !registered) { registered = 1; atexit(shim_restore_at_exit); }
    *shim_terminal_active_slot() = active;
}
#endif
