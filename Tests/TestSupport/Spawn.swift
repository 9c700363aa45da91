import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The exit status and combined output of a finished child process.
public struct SpawnResult: Sendable {
    public let status: Int32
    public let output: String
}

/// Runs `argv` with an empty signal mask and default signal dispositions, output to a temporary file.
///
/// Swift Testing runs tests on threads that block most signals, and `Foundation.Process` children
/// inherit that mask: a tmux server started that way never reaps its children and hangs the test.
/// Output goes to a file, never a pipe, because a daemonising child would hold a pipe open forever.
@discardableResult
public func spawnClean(_ argv: [String], environment: [String: String]? = nil) throws -> SpawnResult {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let arguments = argv.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    let environmentStrings = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { environmentStrings.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = withCleanSpawnAttributes { attributes in
        posix_spawnp(&pid, argv[0], &actions, &attributes, arguments, environmentStrings)
    }
    guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return SpawnResult(status: exitStatus, output: output)
}

/// Writes an executable script (mode 0700) through a child shell, so the test process never holds it open for
/// writing: a child it starts meanwhile (a tmux server lives long) could inherit that descriptor, and starting
/// the script would then fail with ETXTBSY.
public func writeExecutable(_ text: String, to path: String) throws {
    let result = try spawnClean(["/bin/sh", "-c", "printf '%s' \"$1\" > \"$2\" && chmod 700 \"$2\"", "sh", text, path])
    guard result.status == 0 else { throw POSIXError(.EIO) }
}
