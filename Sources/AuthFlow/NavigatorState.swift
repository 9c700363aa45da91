import FoundationEssentials
import AuthCore

/// Everything the screens show; only `Navigator.update` changes it.
///
/// Features own their state: the root screen, the routes pushed over it and the presentation layers over
/// those. Shared concerns (who is signed in, operation ids, the remembered email-link address) stay here.
public struct NavigatorState: Hashable, Sendable {
    public let configuration: AuthConfiguration
    /// Enabled sign-in methods in registration order.
    public let providers: [AuthProvider]
    /// The language the screens use (country names are searched in it).
    public let language: String
    /// Whether the backend lets the app read what it sent (the local store, an emulator; not a live project).
    public let hasInbox: Bool
    /// The country the phone screens start with.
    public let defaultCountry: Country
    /// Whether identity providers sign in through a browser (Firebase backends) rather than the local
    /// backend's simulated sheet.
    public let signsInWithBrowser: Bool
    /// Whether a browser can be opened on this machine.
    public let canOpenBrowser: Bool
    /// Whether the terminal takes text for its clipboard (OSC 52), so a key can be copied.
    public let canCopyToClipboard: Bool

    public var authenticationState: AuthenticationState = .unauthenticated
    public var currentUser: User?
    public var root: RootScreen
    /// The routes pushed over the root, bottom first.
    public var path = Stack<Route>()
    /// The layers over the current screen, bottom first; the last one takes the keys.
    public var presentation = Stack<Presentation>()
    /// The id the next operation gets.
    public var nextOperationID = 1
    /// Whether password fields show their text.
    public var isPasswordRevealed = false
    /// How far the screen under the layers is scrolled.
    public var scroll = ScrollState()
    /// The email a sign-in link was last sent to, remembered across runs (FirebaseUI's `email-link` storage).
    public var emailForLink: String?

    public init(configuration: AuthConfiguration, providers: [AuthProvider], language: String = "en",
                defaultCountry: Country = CountryCatalog.defaultCountry(regionCode: "US"), hasInbox: Bool = true,
                signsInWithBrowser: Bool = false, canOpenBrowser: Bool = false, canCopyToClipboard: Bool = false) {
        self.signsInWithBrowser = signsInWithBrowser
        self.canOpenBrowser = canOpenBrowser
        self.configuration = configuration
        self.canCopyToClipboard = canCopyToClipboard
        self.providers = providers
        self.language = language
        self.hasInbox = hasInbox
        self.defaultCountry = defaultCountry
        root = .picker(AuthPicker.State(providers: providers, showsCancelButton: !configuration.shouldHideCancelButton))
    }

    /// A fresh picker, with `email` filled in.
    func newPicker(email: String = "") -> AuthPicker.State {
        AuthPicker.State(providers: providers, showsCancelButton: !configuration.shouldHideCancelButton, email: email,
                         isGuest: currentUser?.isAnonymous == true)
    }

    /// The picker's state, when the picker is the root.
    public var picker: AuthPicker.State? {
        if case .picker(let picker) = root { return picker }
        return nil
    }

    /// The layer that takes the keys, or nil when the screen itself does.
    public var topLayer: Presentation? { presentation.last }

    /// The element that takes the keys: the top layer, else the top route, else the root.
    public var topElement: ElementID {
        if let layer = presentation.ids.last { return .layer(layer) }
        if let route = path.ids.last { return .route(route) }
        return .root
    }

    /// Whether the element is still there.
    public func contains(_ element: ElementID) -> Bool {
        switch element {
        case .root: true
        case .route(let id): path.ids.contains(id)
        case .layer(let id): presentation.ids.contains(id)
        }
    }

    /// The call in flight, if any.
    public var operation: Operation? {
        presentation.reversed().lazy.compactMap { $0.feature as? Operation }.first
    }

    /// The alert shown, if any.
    public var alert: AlertPresentation? {
        presentation.reversed().lazy.compactMap { $0.feature as? AlertPresentation }.first
    }

    /// Whether a guest's sign-in or sign-up links to the guest account instead of replacing it.
    public var isUpgradingGuest: Bool {
        configuration.shouldAutoUpgradeAnonymousUsers && currentUser?.isAnonymous == true
    }
}
