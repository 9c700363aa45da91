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
#include <termios.h>
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

// Last-resort restores: at exit, and when the process crashes. Both use only async-signal-safe calls on
// the terminal's file descriptor and the terminal settings saved before ncurses changed them.
static inline volatile sig_atomic_t *shim_terminal_active_slot(void) {
    static volatile sig_atomic_t active = 0;
    return &active;
}
static inline int *shim_terminal_fd_slot(void) {
    static int fd = -1;
    return &fd;
}
static inline struct termios *shim_saved_termios(void) {
    static struct termios saved;
    return &saved;
}
static inline struct sigaction *shim_previous_crash_actions(void) {
    static struct sigaction previous[NSIG];
    return previous;
}
// Bracketed paste off, normal screen, cursor shown, attributes reset; then the shell's terminal settings.
static inline void shim_reset_terminal(void) {
    if (!*shim_terminal_active_slot()) return;
    *shim_terminal_active_slot() = 0;
    int fd = *shim_terminal_fd_slot();
    static const char reset[] = "\033[?2004l\033[?1049l\033[?25h\033[0m\r\n";
    if (write(fd, reset, sizeof reset - 1) < 0) { /* nothing more can be done */ }
    tcsetattr(fd, TCSANOW, shim_saved_termios());
}
static inline void shim_restore_at_exit(void) { shim_reset_terminal(); }
// Swift's backtracer, started for a real fault, asks on stdin whether to start a debugger and waits for a key
// (30 s) whenever stdin and stdout were terminals at start-up; a process cannot change that setting
// (SWIFT_BACKTRACE is read before main). So the crashing process hands the backtracer a stdin that already
// holds one key: it prints the backtrace, reads the key and exits at once.
static inline void shim_answer_backtracer_prompt(void) {
    int answer[2];
    if (pipe(answer) != 0) return;
    if (write(answer[1], "\n", 1) == 1) dup2(answer[0], STDIN_FILENO);
    close(answer[0]);
    close(answer[1]);
}
// A crash (a fatal error's trap, a bad access, abort, or such a signal sent by another process): restore the
// terminal first, then crash as the process would have.
static inline void shim_restore_on_crash(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    shim_reset_terminal();
    if (info != NULL && info->si_code > 0) {
        // A real fault: the previous handler (Swift's backtracer) gets it when the instruction re-runs.
        shim_answer_backtracer_prompt();
        sigaction(signal_number, &shim_previous_crash_actions()[signal_number], NULL);
        return;
    }
    // Sent by a process (kill, abort's raise): die of it as the default action would.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(signal_number);
}
// Routes crashes through `shim_restore_on_crash`, ahead of Swift's backtracer. Safe to call more than once.
static inline void shim_install_crash_handlers(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    const int crashes[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT };
    for (unsigned i = 0; i < sizeof crashes / sizeof crashes[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = shim_restore_on_crash;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        sigaction(crashes[i], &action, &shim_previous_crash_actions()[crashes[i]]);
    }
}
// Saves the terminal's settings and arms the restores for `fd` (before ncurses changes anything).
static inline void shim_arm_terminal_restore(int fd) {
    static int registered = 0;
    *shim_terminal_fd_slot() = fd;
    tcgetattr(fd, shim_saved_termios());
    if (!registered) {
        registered = 1;
        atexit(shim_restore_at_exit);
    }
    shim_install_crash_handlers();
}
// Marks whether the terminal is in full-screen use and so needs a last-resort restore.
static inline void shim_set_terminal_active(int active) { *shim_terminal_active_slot() = active; }
#endif
