import AuthCore
import AuthScreens
import FauthTUI
import FoundationEssentials
import Localization
import LoopbackRedirect
import TerminalUI

/// `fauth-tui` itself: the picker (`AuthPickerView`, full screen or plain), then the result line on standard output,
/// as text or (`--json`) one JSON object.
struct InterfaceCommand: Command {
    let name = CommandName.signIn
    let options: [OptionDeclaration] = OptionDeclaration.backend
        + [.theme, .providers, .firstFrameExit, .json, .plain, .version]

    /// Any word left is a command that does not exist.
    func checkArguments(of options: LaunchOptions) throws(UsageError) {
        if let word = options.arguments.first { throw UsageError(.usageUnknownCommand, .string(word)) }
    }

    /// Runs the interface; 0 when someone is signed in, 1 when nobody is, 128 + n after signal n.
    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let options = invocation.options
        let strings = try invocation.start()
        // The interface's theme is checked before anything is opened: a bad --theme is a usage error.
        let theme: Theme
        do {
            theme = try ThemeLoader.load(options.theme ?? "default")
        } catch {
            throw invocation.usageFailure(error.message, strings: strings)
        }
        let backend = try invocation.openBackend(strings: strings, defersStoreCheck: true)
        let service = (options.providers ?? invocation.file.providers ?? [.email]).reduce(
            AuthService(configuration: invocation.configuration, client: backend.client)) { $0.registering($1) }
        var picker = AuthPickerView(service: service, inbox: backend.inbox, storage: backend.storage, strings: strings,
                                    theme: theme, isPlain: options.isPlain,
                                    backendLabel: invocation.badge(for: backend.location, strings: strings),
                                    phoneNeedsAppVerification: backend.isLiveProject, isEmulator: backend.isEmulator,
                                    browserSignIn: browserSignIn(for: backend, strings: strings,
                                                                 environment: invocation.environment),
                                    environment: invocation.environment)
        picker.exitsAfterFirstFrame = options.exitAfterFirstFrame
        // The store's pages, and the libraries the backend needs, are checked once the first frame is up; a
        // damaged store or a missing library ends the interface there, with the message it gets at start.
        var storeFailure: Backend.Failure?
        if let check = backend.deferredCheck {
            picker.afterFirstFrame = {
                do throws(Backend.Failure) { try check() } catch {
                    storeFailure = error
                    return false
                }
                return true
            }
        }
        let outcome = await picker.present()
        // Logged once the terminal is restored, on standard error, which the full-screen interface does not use.
        for code in backend.unrecognizedErrorCodes {
            invocation.console(strings).printError(strings.format(.unrecognizedErrorCodeLog, .string(code)))
        }
        if let storeFailure { throw invocation.failure(storeFailure, strings: strings) }
        if let signal = outcome.signal { return 128 + signal }
        if options.exitAfterFirstFrame { return 0 }
        printResult(outcome.user, json: options.printsJSON, console: invocation.console(strings), strings: strings)
        return outcome.user == nil ? 1 : 0
    }

    /// Browser sign-ins on Firebase backends (live projects and emulators); the local backend keeps its
    /// simulated provider sheet.
    private func browserSignIn(for backend: Backend, strings: Strings,
                               environment: [String: String]) -> BrowserSignInService? {
        guard case .firebase = backend.location else { return nil }
        let pages = RedirectPages(language: strings.language, received: strings[.browserSignInDonePage],
                                  cancelled: strings[.webContextCancelled], foreign: strings[.invalidIdpResponse])
        let recaptchaPages = RecaptchaPages(language: strings.language, title: strings[.recaptchaTitle],
                                            instructions: strings[.recaptchaPageMessage],
                                            received: strings[.recaptchaDonePage], foreign: strings[.captchaCheckFailed])
        return BrowserSignInService(pages: pages, recaptchaPages: recaptchaPages,
                                    browserCommand: BrowserLauncher.command(environment: environment),
                                    launchPageDirectory: XDGDirectory.state.path(of: "sign-in", environment: environment))
    }

    /// `Signed in as …`, or with `--json` the documented object (`{"signedIn":false}` when nobody is).
    private func printResult(_ user: User?, json: Bool, console: Console, strings: Strings) {
        if json {
            ConsoleOutput.print(SessionJSON.encode(user.map(SessionJSON.user) ?? ["signedIn": false]))
            return
        }
        guard let user else { return }
        // The result line is for scripts too: no bidi isolates around the identity (see `Strings.format`).
        let result = user.isAnonymous ? strings.format(.signedInAsGuest, .string(user.uid))
            : strings.format(.signedInAs, .string(user.email ?? user.displayName ?? user.phoneNumber ?? user.uid))
        console.printOut(ConsoleOutput.withoutIsolates(result))
    }
}
