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
    public var inbox: InboxState?
    public var operation: Operation?
    /// The id the next operation gets.
    public var nextOperationID = 1
    public var focus: Control
    /// Whether password fields show their text.
    public var isPasswordRevealed = false
    public var picker = PickerForm()
    public var passwordRecovery = PasswordRecoveryForm()

    public init(configuration: AuthConfiguration, providers: [AuthProvider]) {
        self.configuration = configuration
        self.providers = providers
        self.focus = .emailField
        self.focus = focusOrder.first ?? .emailField
    }

    /// The route on top, or nil at the root.
    public var authView: AuthView? { routes.last }

    /// Whether the email/password form is part of the picker.
    public var emailPasswordSignInEnabled: Bool { providers.contains(.email) }
}
