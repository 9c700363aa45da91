import AuthCore
import FauthTUI
import FirebaseAuthREST
import FoundationEssentials
import Localization
import TerminalUI

/// `fauth-tui inbox`: one tab-separated line per message (sent, kind, recipient, code, link), oldest first.
struct InboxCommand: Command {
    let name = CommandName.inbox
    let options = OptionDeclaration.backend

    /// Prints the backend's messages; a failure is explained with what to do about it (exit 1).
    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let strings = try invocation.start()
        let backend = try invocation.openBackend(strings: strings)
        let console = invocation.console(strings)
        guard let inbox = backend.inbox else {
            console.printError(strings[.inboxNotAvailable])
            return 1
        }
        do {
            for message in try await inbox.messages() {
                let fields = [RFC3339.string(message.sentAt), message.kind.rawValue, message.recipient,
                              message.code, message.link ?? ""]
                print(fields.map(TextWidth.sanitized).joined(separator: "\t"))
            }
            return 0
        } catch {
            console.printError(Self.explanation(of: error, from: backend.location, strings: strings))
            return 1
        }
    }

    /// Why the inbox could not be read: an emulator that is not there or serves another project, or the store.
    static func explanation(of error: AuthError, from location: Backend.Location, strings: Strings) -> String {
        switch location {
        case .firebase(.emulator(let host, let port, let project, _)):
            let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
            if error.code == .networkRequestFailed {
                return strings.format(.inboxEmulatorUnreachable, .string(address))
            }
            let answer = TextWidth.sanitized(error.detail ?? error.code.rawValue)
            return strings.format(.inboxEmulatorRefused, .string(address), .string(project), .string(answer))
        case .firebase(.production):
            return strings[.inboxNotAvailable]
        case .local:
            return strings[.storageError] + " (\(error.detail ?? error.code.rawValue))"
        }
    }
}
