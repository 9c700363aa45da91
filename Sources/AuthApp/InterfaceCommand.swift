import AuthCore
import AuthScreens
import FoundationEssentials
import Localization
import TerminalUI

/// `fauth-tui` itself: the picker (`AuthPickerView`, full screen or plain), then the result line on standard output,
/// as text or (`--json`) one JSON object.
@MainActor
enum InterfaceCommand {
    /// Runs the interface; 0 when someone is signed in, 1 when nobody is, 128 + n after signal n.
    static func run(service: AuthService, backend: Backend, theme: Theme, strings: Strings, options: LaunchOptions,
                    environment: [String: String]) async -> Int32 {
        var picker = AuthPickerView(service: service, inbox: backend.inbox, storage: backend.storage, strings: strings,
                                    theme: theme, isPlain: options.isPlain,
                                    backendLabel: FauthTUI.badge(for: backend.location, strings: strings,
                                                                 environment: environment),
                                    phoneNeedsAppVerification: backend.isLiveProject, isEmulator: backend.isEmulator,
                                    browserSignIn: FauthTUI.browserSignIn(for: backend, strings: strings,
                                                                          environment: environment),
                                    environment: environment)
        picker.exitsAfterFirstFrame = options.exitAfterFirstFrame
        // The store's pages are checked once the first frame is up; a damaged store ends the interface there,
        // with the message a damaged store gets at start.
        var storeFailure: Backend.Failure?
        if let check = backend.storeCheck {
            picker.afterFirstFrame = {
                do throws(Backend.Failure) { try check() } catch {
                    storeFailure = error
                    return false
                }
                return true
            }
        }
        let outcome = await picker.present()
        if let storeFailure {
            return FauthTUI.failure(storeFailure, command: options.command, strings: strings, environment: environment)
        }
        if let signal = outcome.signal { return 128 + signal }
        if options.exitAfterFirstFrame { return 0 }
        printResult(outcome.user, json: options.printsJSON, strings: strings, environment: environment)
        return outcome.user == nil ? 1 : 0
    }

    /// `Signed in as …`, or with `--json` the documented object (`{"signedIn":false}` when nobody is).
    private static func printResult(_ user: User?, json: Bool, strings: Strings, environment: [String: String]) {
        if json {
            ConsoleOutput.print(SessionJSON.encode(user.map(SessionJSON.user) ?? ["signedIn": false]))
            return
        }
        guard let user else { return }
        // The result line is for scripts too: no bidi isolates around the identity (see `Strings.format`).
        let result = user.isAnonymous ? strings.format(.signedInAsGuest, .string(user.uid))
            : strings.format(.signedInAs, .string(user.email ?? user.displayName ?? user.phoneNumber ?? user.uid))
        let plain = String(result.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }.map(Character.init))
        Console(strings: strings, environment: environment).printOut(plain)
    }
}
