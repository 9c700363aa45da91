import AuthEmulator
import Localization
import Synchronization

/// What `fauth-tui emulator` does with a request for a project other than its own (`--project`), as
/// firebase-tools' `singleProjectMode` decides it for Firebase's emulator.
public enum SingleProjectMode: String, Sendable, CaseIterable {
    /// Serves it, and says so once per project on standard error: the Firebase CLI's default.
    case warning
    /// Refuses it with a 400 that names single project mode.
    case error
    /// Serves it without a word.
    case off
}

/// The warning of single-project mode WARNING: once for each other project a request names.
final class OtherProjectWarning: Sendable {
    private let ownProject: String
    private let strings: Strings
    private let write: @Sendable (String) -> Void
    private let warned = Mutex<Set<String>>([])

    /// Warnings about projects other than `ownProject`, in `strings`' language, handed to `write`.
    init(ownProject: String, strings: Strings, write: @escaping @Sendable (String) -> Void) {
        self.ownProject = ownProject
        self.strings = strings
        self.write = write
    }

    /// Warns the first time `scope` names a project other than the emulator's own.
    func note(_ scope: EmulatorScope) {
        guard scope.project != ownProject, warned.withLock({ $0.insert(scope.project).inserted }) else { return }
        write(strings.format(.emulatorOtherProject, .string(scope.project), .string(ownProject)))
    }
}
