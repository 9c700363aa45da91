import AuthCore
import Synchronization

/// The error codes the server answered with that Firebase does not document (each shown as the generic error), in
/// the order first met, for the app to log.
final class UnrecognizedErrorCodes: Sendable {
    private let codes = Mutex<[String]>([])

    /// Notes `error`'s code when it is an unrecognised one.
    func note(_ error: AuthError) {
        guard let code = error.unrecognizedCode else { return }
        codes.withLock { if !$0.contains(code) { $0.append(code) } }
    }

    /// The codes noted so far.
    var all: [String] { codes.withLock { $0 } }
}
