import AuthCore
import AuthScreens
import FoundationEssentials
import Glibc
import Localization
import TerminalUI

/// FirebaseUI's `AuthPickerView` for Swift command-line tools: presents the sign-in screens on the terminal and
/// tells who is signed in once the person leaves them.
///
///     let service = AuthService(client: try LocalAuthClient(path: ":memory:")).withEmailSignIn().withPhoneSignIn()
///     let outcome = await AuthPickerView(service: service).present()
///     if let user = outcome.user { print("Hello, \(user.email ?? user.uid)") }
@MainActor
public struct AuthPickerView {
    /// How a presentation ended.
    public struct Outcome: Sendable {
        /// Who is signed in (a guest too); nil when the person left without signing in.
        public let user: User?
        /// The termination signal (SIGINT, SIGTERM, …) that ended it, if one did; a tool usually exits 128 + n then.
        public let signal: Int32?
    }

    private let service: AuthService
    private let inbox: (any MessageInbox)?
    private let storage: any AppStorage
    private let strings: Strings
    private let theme: Theme?
    private let isPlain: Bool
    private let backendLabel: BackendBadge?
    private let phoneNeedsAppVerification: Bool
    private let isEmulator: Bool
    private let browserSignIn: BrowserSignInService?
    private let defaultCountry: Country
    private let environment: [String: String]
    /// Draw one frame and stop (`--first-frame-exit`).
    package var exitsAfterFirstFrame = false
    /// Work left for once the first frame is up (the local store's check; in plain lines, before the first
    /// question): false ends the picker at once.
    package var afterFirstFrame: (() -> Bool)?

    /// A picker for `service`'s sign-in methods.
    ///
    /// `inbox` lets the person read what the backend sent (a `LocalAuthClient` is one); `strings` default to the
    /// built-in language the configuration or the environment asks for; `theme` to the built-in default. With
    /// `isPlain`, `TERM=dumb` or a terminal that cannot be set up, the picker asks in plain lines instead.
    /// `isEmulator` says that the backend is an Auth emulator, which then simulates identity providers;
    /// `browserSignIn` signs in with identity providers through a browser (Firebase backends).
    public init(service: AuthService, inbox: (any MessageInbox)? = nil, storage: any AppStorage = MemoryAppStorage(),
                strings: Strings? = nil, theme: Theme? = nil, isPlain: Bool = false, backendLabel: BackendBadge? = nil,
                phoneNeedsAppVerification: Bool = false, isEmulator: Bool = false, defaultCountry: Country? = nil,
                browserSignIn: BrowserSignInService? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.service = service
        self.inbox = inbox
        self.storage = storage
        self.strings = strings ?? Strings.builtIn(language: LanguageNegotiation.choose(
            requested: LanguageNegotiation.requested(flag: nil, configured: service.configuration.languageCode,
                                                     environment: environment),
            available: Strings.builtInLanguages))
        self.theme = theme
        self.isPlain = isPlain
        self.backendLabel = backendLabel
        self.phoneNeedsAppVerification = phoneNeedsAppVerification
        self.isEmulator = isEmulator
        self.browserSignIn = browserSignIn
        self.defaultCountry = defaultCountry ?? CountryCatalog.defaultCountry(service.configuration, environment: environment)
        self.environment = environment
    }

    /// Shows the picker until the person signs in and leaves, cancels, or a termination signal arrives; the
    /// terminal is restored in every case.
    public func present() async -> Outcome {
        if isPlain || environment["TERM"] == "dumb" { return await presentPlain() }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(theme: theme ?? Self.defaultTheme, colors: (environment["NO_COLOR"] ?? "").isEmpty)
        } catch {
            let reason = TerminalErrorMessages.message(for: error, strings: strings)
            Console(strings: strings, environment: environment)
                .printError(strings.format(.plainTerminalFallback, .string(reason)))
            return await presentPlain()
        }
        terminal.showsHyperlinks = HyperlinkSetting.showsLinks(environment: environment)
        let controller = AuthPickerController(service: service, inbox: inbox, storage: storage, strings: strings,
                                              terminal: terminal, backendLabel: backendLabel,
                                              phoneNeedsAppVerification: phoneNeedsAppVerification,
                                              isEmulator: isEmulator, defaultCountry: defaultCountry,
                                              bidi: BidiSetting.mode(environment: environment),
                                              browserSignIn: browserSignIn)
        let final = await controller.run(exitAfterFirstFrame: exitsAfterFirstFrame,
                                         shouldStop: { terminal.pendingTermination != nil },
                                         afterFirstFrame: afterFirstFrame)
        terminal.restore()
        return Outcome(user: final.currentUser, signal: terminal.pendingTermination)
    }

    /// The built-in default theme (embedded, so it always loads; without it, the terminal's own colours).
    private static var defaultTheme: Theme {
        (try? ThemeLoader.load("default")) ?? Theme(name: "default", styles: [:])
    }

    private func presentPlain() async -> Outcome {
        if let afterFirstFrame, !afterFirstFrame() { return Outcome(user: nil, signal: nil) }
        let console = Console(strings: strings, environment: environment)
        let lines = StandardLineConsole { console.prepared($0, for: STDERR_FILENO) }
        defer { lines.close() }
        let controller = PlainController(service: service, inbox: inbox, storage: storage, strings: strings,
                                         console: lines, backendLabel: backendLabel,
                                         phoneNeedsAppVerification: phoneNeedsAppVerification,
                                         isEmulator: isEmulator, defaultCountry: defaultCountry,
                                         browserSignIn: browserSignIn)
        let outcome = await controller.run()
        return Outcome(user: outcome.state.currentUser, signal: outcome.signal)
    }
}
