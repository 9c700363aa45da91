import AuthFlow
import FoundationEssentials
import Dispatch
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The configured `provisioning` command, run for a user who just signed in.
///
/// `/bin/sh -c COMMAND` with the app's environment plus `FAUTH_USER_ID`, `FAUTH_EMAIL` and `FAUTH_ID_TOKEN`
/// (each only when known): the values never appear in argv, where other local users could read them. Standard
/// input and output are `/dev/null` (the terminal belongs to the interface); standard error goes to an
/// owner-only temporary file whose last line explains a failure. The child starts with an empty signal mask and
/// default signal dispositions, whatever the app blocks or ignores.
struct ProvisioningCommand: Provisioner {
    /// The shell command line, as configured.
    let command: String

    func run(uid: String, email: String?, idToken: String?) async -> Result<Void, ProvisioningFailure> {
        await run(uid: uid, email: email, idToken: idToken, baseEnvironment: ProcessInfo.processInfo.environment)
    }

    /// The environment variables the command receives about the user.
    static func variables(uid: String, email: String?, idToken: String?) -> [String: String] {
        var variables = ["FAUTH_USER_ID": uid]
        variables["FAUTH_EMAIL"] = email
        variables["FAUTH_ID_TOKEN"] = idToken
        return variables
    }

    /// Runs the command to its end, off the cooperative thread pool; success is exit status 0.
    /// Runs the command with `baseEnvironment` and the user's variables.
    func run(uid: String, email: String?, idToken: String?, baseEnvironment: [String: String]) async
        -> Result<Void, ProvisioningFailure> {
        let environment = baseEnvironment.filter { !$0.key.hasPrefix("FAUTH_") }
            .merging(Self.variables(uid: uid, email: email, idToken: idToken)) { $1 }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: runBlocking(environment: environment))
            }
        }
    }

    private func runBlocking(environment: [String: String]) -> Result<Void, ProvisioningFailure> {
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("fauth-tui-provisioning-\(UUID().uuidString)").path
        defer { unlink(errorPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, 0o600)
        let argv: [String] = ["/bin/sh", "-c", command]
        let arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = withCleanSpawnAttributes { attributes in
            posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, variables)
        }
        guard spawned == 0 else { return .failure(.couldNotStart) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exitStatus != 0 else { return .success(()) }
        return .failure(.exited(status: exitStatus, message: Self.lastLine(ofFile: errorPath)))
    }

    /// The last non-blank line of what the command wrote to standard error, sanitized for the screen and cut
    /// at 200 characters.
    static func lastLine(ofFile path: String) -> String {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let text = String(decoding: data.suffix(64 * 1024), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) } ?? ""
        let trimmed = TextWidth.sanitized(String(line)).trimmingWhitespace()
        return trimmed.count > 200 ? String(trimmed.prefix(199)) + "…" : trimmed
    }
}
