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
    let process = try BackgroundProcess(argv, outputPath: outputPath, environment: environment)
    let status = process.waitForExit()
    return SpawnResult(status: status, output: process.output)
}

/// Writes an executable script (mode 0700) through a child shell, so the test process never holds it open for
/// writing: a child it starts meanwhile (a tmux server lives long) could inherit that descriptor, and starting
/// the script would then fail with ETXTBSY.
public func writeExecutable(_ text: String, to path: String) throws {
    let result = try spawnClean(["/bin/sh", "-c", "printf '%s' \"$1\" > \"$2\" && chmod 700 \"$2\"", "sh", text, path])
    guard result.status == 0 else { throw POSIXError(.EIO) }
}
