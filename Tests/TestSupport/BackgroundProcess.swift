import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// A child process left running while a test talks to it, with an empty signal mask and default dispositions
/// (see `spawnClean`), its output in a file.
public final class BackgroundProcess {
    public let pid: pid_t
    /// Where its standard output and error go.
    public let outputPath: String
    private var exitStatus: Int32?

    /// Starts `argv`, standard input from /dev/null, in `environment` (this process's when nil).
    public init(_ argv: [String], outputPath: String, environment: [String: String]? = nil) throws {
        self.outputPath = outputPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = withCleanSpawnAttributes { attributes in
            posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, variables)
        }
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        self.pid = pid
    }

    deinit {
        if exitStatus == nil { _ = stop(signal: SIGKILL) }
    }

    /// What it wrote so far.
    public var output: String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Its exit status (128 + n after signal n) once it has ended; nil while it runs.
    public var status: Int32? {
        if exitStatus == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { exitStatus = Self.decoded(raw) }
        }
        return exitStatus
    }

    /// The first match of `pattern` in its output, waiting up to `timeout` seconds; nil when it never came or the
    /// process ended first.
    public func waitForOutput<Output>(_ pattern: Regex<Output>, timeout: TimeInterval = 20) -> Regex<Output>.Match? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let match = output.firstMatch(of: pattern) { return match }
            if status != nil { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// Sends `signal` and waits for it to end; returns its exit status.
    public func stop(signal: Int32 = SIGINT) -> Int32 {
        if exitStatus == nil { kill(pid, signal) }
        return waitForExit()
    }

    /// Waits for it to end by itself; returns its exit status.
    public func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
        let status = Self.decoded(raw)
        exitStatus = status
        return status
    }

    private static func decoded(_ raw: Int32) -> Int32 {
        (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }
}
