import CNcursesw

/// Records SIGTERM, SIGHUP, SIGINT and SIGQUIT instead of dying, so the app can restore the terminal and exit itself.
///
/// The handler only stores the signal number (async-signal-safe, in the C shim); the app polls `pending`.
enum TerminalSignals {
    /// The signals that end the app.
    static let termination: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    /// Starts recording the termination signals (before `newterm`, so ncurses keeps its own handlers out).
    static func install() {
        shim_clear_pending_signal()
        for signal in termination { _ = shim_record_signal_on(signal) }
    }

    /// Gives the termination signals back their default action.
    static func uninstall() {
        for signal in termination { _ = shim_default_signal_on(signal) }
    }

    /// The last termination signal received, if any.
    static var pending: Int32? {
        let signal = shim_pending_signal()
        return signal == 0 ? nil : signal
    }
}

