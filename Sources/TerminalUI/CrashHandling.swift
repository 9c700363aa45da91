import CNcursesw

/// Last-resort restores of the terminal, at exit and on a crash; a crash then ends the process without waiting
/// for input, while Swift's backtracer still prints where it happened.
///
/// Every call into the shim's restore state goes through this file: the shim's functions are `static inline`,
/// so each Swift file calling them would get its own copy of that state.
public enum CrashHandling {
    /// Installs the crash handlers now, so a crash before the terminal starts is covered too
    /// (`NcursesTerminal` installs them as well).
    public static func install() {
        shim_install_crash_handlers()
    }

    /// Saves the terminal's settings and arms the restores for it (before ncurses changes anything).
    static func armRestore(terminalDescriptor: Int32) {
        shim_arm_terminal_restore(terminalDescriptor)
    }

    /// Marks whether the terminal is in full-screen use and so needs a last-resort restore.
    static func setTerminalActive(_ active: Bool) {
        shim_set_terminal_active(active ? 1 : 0)
    }
}
