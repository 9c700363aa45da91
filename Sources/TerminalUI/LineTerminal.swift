#if canImport(Glibc)
import Glibc
#endif

/// What a line prompt got: a line, the end of the input, or a termination signal.
public enum LineInput: Hashable, Sendable {
    case line(String)
    /// Standard input was closed (Ctrl-D on a terminal).
    case end
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived while waiting.
    case interrupted(signal: Int32)
}

/// Where plain mode writes its text and reads its answers.
@MainActor
public protocol LineConsole: AnyObject {
    /// Writes `text` as it is (the caller ends lines).
    func write(_ text: String)
    /// Writes `prompt` and reads one line; a `secret` one is not echoed (and never kept anywhere but in the
    /// answer): echo is off before the prompt shows, so nothing typed after it can appear.
    func readLine(prompt: String, secret: Bool) -> LineInput
    /// Waits until `wakeup` is signalled or `milliseconds` pass; a pending termination signal is returned.
    func wait(for wakeup: Wakeup, milliseconds: Int) -> Int32?
    /// Reads one visible line, or returns nil first when `wakeup` is signalled before a line is complete.
    func readLine(orWakeUpOn wakeup: Wakeup) -> LineInput?
    /// Drops what was typed and not yet read (a half-typed line), which answered a prompt that is gone.
    func discardTypedInput()
}

extension LineConsole {
    /// Consoles without a way to wait on both read the line.
    public func readLine(orWakeUpOn wakeup: Wakeup) -> LineInput? { readLine(prompt: "", secret: false) }
    /// Consoles that read whole lines hold nothing half-typed.
    public func discardTypedInput() {}
}

/// Plain mode on the process's standard input and standard error, in the terminal's cooked mode: the terminal
/// edits the line, and only a secret's echo is switched off (termios, restored right after, at exit and on a crash).
/// Termination signals are recorded, so a read ends early and the caller can restore and exit with 128 + n.
@MainActor
public final class StandardLineConsole: LineConsole {
    private let input = STDIN_FILENO
    private let output = STDERR_FILENO
    /// Prepares each written line for display (right-to-left reordering on a terminal).
    private let prepare: (String) -> String

    /// A console that passes what it writes through `prepare` first.
    public init(prepare: @escaping (String) -> String = { $0 }) {
        self.prepare = prepare
        CrashHandling.install()
        TerminalSignals.install()
    }

    /// Gives the termination signals back their default action.
    public func close() {
        TerminalSignals.uninstall()
    }

    public func write(_ text: String) {
        let bytes = Array(prepare(text).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    public func readLine(prompt: String, secret: Bool) -> LineInput {
        var saved = termios()
        let hidesEcho = secret && isatty(input) == 1 && tcgetattr(input, &saved) == 0
        if hidesEcho {
            CrashHandling.armRestore(terminalDescriptor: input)
            CrashHandling.setTerminalActive(true)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(input, TCSANOW, &quiet)
        }
        write(prompt)
        defer {
            if hidesEcho {
                tcsetattr(input, TCSANOW, &saved)
                CrashHandling.setTerminalActive(false)
                write("\n")  // the Enter that ended the secret was not echoed either
            }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            if case .signal(let signal) = waitForInput(or: nil) { return .interrupted(signal: signal) }
            let count = Glibc.read(input, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? .end : .line(String(decoding: bytes, as: UTF8.self)) }
            if byte == UInt8(ascii: "\n") { return .line(String(decoding: bytes, as: UTF8.self)) }
            bytes.append(byte)
        }
    }

    public func wait(for wakeup: Wakeup, milliseconds: Int) -> Int32? {
        wakeup.waitForSignal(milliseconds: milliseconds)
        return TerminalSignals.pending
    }

    /// In the terminal's cooked mode standard input becomes readable only once a whole line was typed, so a
    /// wakeup before that leaves the half-typed line with the terminal (`discardTypedInput` drops it).
    public func readLine(orWakeUpOn wakeup: Wakeup) -> LineInput? {
        switch waitForInput(or: wakeup) {
        case .signal(let signal):
            return .interrupted(signal: signal)
        case .wakeup:
            wakeup.drain()
            return nil
        case .input:
            return readLine(prompt: "", secret: false)
        }
    }

    /// What ended a wait for input.
    private enum Readiness {
        /// Standard input is readable (or reading it will report why not).
        case input
        case wakeup
        case signal(Int32)
    }

    /// Waits until standard input (or `wakeup`) is readable, or a termination signal arrives.
    ///
    /// A signal that comes just before a blocking wait does not interrupt it (Ctrl-C typed as a prompt appeared
    /// was lost until Enter), so the wait looks for a recorded signal every 100 ms.
    private func waitForInput(or wakeup: Wakeup?) -> Readiness {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        if let wakeup { descriptors.append(pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            if let signal = TerminalSignals.pending { return .signal(signal) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 100)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 || descriptors[0].revents != 0 { return .input }
            if ready > 0 { return .wakeup }
        }
    }

    /// Flushes the terminal's input queue, the line being edited in cooked mode included; piped input is
    /// left alone (it was not typed for a prompt).
    public func discardTypedInput() {
        if isatty(input) == 1 { tcflush(input, TCIFLUSH) }
    }
}
