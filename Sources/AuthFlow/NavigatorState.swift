import Foundation
import AuthCore

/// The inline email/password form of the picker.
public struct PickerForm: Hashable, Sendable {
    public var email = TextInput()
    public var password = TextInput()
    public var confirmPassword = TextInput()

    public init() {}
}

/// The password recovery route: request the email, then complete the reset with its code.
public struct PasswordRecoveryForm: Hashable, Sendable {
    /// Which half of the flow is shown.
    public enum Step: Hashable, Sendable {
        case requestEmail
        case enterCode
    }

    public var step: Step = .requestEmail
    public var email = TextInput()
    public var code = TextInput()
    public var newPassword = TextInput()
    public var confirmNewPassword = TextInput()

    public init() {}
}

/// The email-link route: ask for the link, then sign in with the link from the email.
public struct EmailLinkForm: Hashable, Sendable {
    /// Which half of the flow is shown.
    public enum Step: Hashable, Sendable {
        case requestLink
        case enterLink
    }

    public var step: Step = .requestLink
    public var email = TextInput()
    public var link = TextInput()

    public init() {}
}

/// The phone routes: the number being entered and the SMS code.
public struct PhoneForm: Hashable, Sendable {
    public var country: Country
    public var number = TextInput()
    public var code = TextInput()
    /// When the last code was sent (the runner's clock), for the resend countdown.
    public var codeSentAt: Date?

    public init(country: Country) {
        self.country = country
    }

    /// The number in E.164 form, or nil while it is not a valid number.
    public var e164: String? { PhoneNumber.normalize(number.text, country: country) }
}

/// The country picker sheet: a search over every country with a calling code.
public struct CountryPickerState: Hashable, Sendable {
    public var query = TextInput()
    public var selection = 0

    public init() {}
}

/// The Inbox overlay: messages the backend "sent".
public struct InboxState: Hashable, Sendable {
    public var messages: [OutboxMessage]
    public var selection: Int

    public init(messages: [OutboxMessage] = [], selection: Int = 0) {
        self.messages = messages
        self.selection = selection
    }
}

/// Everything the screens show; only `Navigator.update` changes it.
public struct NavigatorState: Hashable, Sendable {
    public let configuration: AuthConfiguration
    /// Enabled sign-in methods in registration order.
    public let providers: [AuthProvider]

    public var authenticationState: AuthenticationState = .unauthenticated
    public var authenticationFlow: AuthenticationFlow = .signIn
    public var currentUser: User?
    public var routes: [AuthView] = []
    public var alert: AlertState?
    /// The failed call the alert offers to try again (after a network failure), or nil when it offers only OK.
    public var retry: Operation?
    /// Which alert button has focus: 0 is OK, 1 is Retry.
    public var alertSelection = 0
    public var inbox: InboxState?
    public var operation: Operation?
    /// The id the next operation gets.
    public var nextOperationID = 1
    public var focus: Control
    /// Whether password fields show their text.
    public var isPasswordRevealed = false
    public var picker = PickerForm()
    public var passwordRecovery = PasswordRecoveryForm()
    public var emailLink = EmailLinkForm()
    public var phone: PhoneForm
    /// The language the screens use (country names are searched in it).
    public let language: String
    /// Whether the backend lets the app read what it sent (the local store, an emulator; not a live project).
    public let hasInbox: Bool
    /// The latest time the run loop reported (for countdowns); nil until the first tick.
    public var now: Date?
    /// A sheet over the current screen (identity provider, legacy recovery, …).
    public var sheet: SheetState?
    /// Where focus returns when the sheet closes.
    public var focusBeneathSheet: Control?
    /// The email a sign-in link was last sent to, remembered across runs (FirebaseUI's `email-link` storage).
    public var emailForLink: String?
    /// A credential that collided with another account, linked after the next successful sign-in.
    public var pendingCredential: AuthCredential?

    public init(configuration: AuthConfiguration, providers: [AuthProvider], language: String = "en",
                defaultCountry: Country = CountryCatalog.defaultCountry(regionCode: "US"), hasInbox: Bool = true) {
        self.configuration = configuration
        self.providers = providers
        self.language = language
        self.hasInbox = hasInbox
        self.phone = PhoneForm(country: defaultCountry)
        self.focus = .emailField
        self.focus = focusOrder.first ?? .emailField
    }

    /// The route on top, or nil at the root.
    public var authView: AuthView? { routes.last }

    /// Whether the email/password form is part of the picker.
    public var emailPasswordSignInEnabled: Bool { providers.contains(.email) }

    /// The picker's buttons below the form: the email-link button first, then the rest in registration order.
    public var providerButtons: [AuthProvider] {
        let others = providers.filter { $0 != .email && $0 != .emailLink }
        return (providers.contains(.emailLink) ? [.emailLink] : []) + others
    }

    /// Whether a guest's sign-in or sign-up links to the guest account instead of replacing it.
    public var isUpgradingGuest: Bool {
        configuration.shouldAutoUpgradeAnonymousUsers && currentUser?.isAnonymous == true
    }
}
