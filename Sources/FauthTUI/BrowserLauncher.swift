import FoundationEssentials
import Dispatch
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Opening an address in this machine's browser: `$BROWSER` or `xdg-open`, only when a display is present.
package enum BrowserLauncher {
    /// glibc's `POSIX_SPAWN_SETSID` (2.26+), which its headers show only to C built with `_GNU_SOURCE`.
    private static let spawnSetSID: Int32 = 0x80

    /// The program that opens a browser here, or nil: without `DISPLAY` or `WAYLAND_DISPLAY` (an SSH session, a
    /// container) no browser can show. `$BROWSER` lists programs separated by `:`; entries with arguments or a
    /// `%s` placeholder are skipped (the address is always passed as the one argument), then `xdg-open`.
    package static func command(environment: [String: String]) -> String? {
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard hasDisplay else { return nil }
        let listed = (environment["BROWSER"] ?? "").split(separator: ":").map(String.init)
            .filter { !$0.contains(" ") && !$0.contains("%s") }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in listed + ["xdg-open"] {
            if name.hasPrefix("/") { if access(name, X_OK) == 0 { return name } else { continue } }
            if let found = folders.map({ $0 + "/" + name }).first(where: { access($0, X_OK) == 0 }) { return found }
        }
        return nil
    }

    /// Starts `command address` detached from the terminal: its own session, an empty signal mask, default
    /// signal handling and /dev/null for its input and output, so it cannot draw over or read from the
    /// interface. Returns whether it started; it is reaped in the background.
    @discardableResult
    static func open(_ address: String, with command: String) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let arguments = [strdup(command), strdup(address), nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let started = withCleanSpawnAttributes(flags: spawnSetSID) { attributes in
            posix_spawn(&pid, command, &actions, &attributes, arguments, environ)
        }
        guard started == 0 else { return false }
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        return true
    }
}
