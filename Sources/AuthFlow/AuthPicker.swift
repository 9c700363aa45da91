import AuthCore

/// FirebaseUI's `AuthPickerView` root when signed out: the inline email form, the other methods and Cancel.
public enum AuthPicker {
    public enum Control: Hashable, Sendable {
        case emailField
        case passwordField
        case confirmPasswordField
        case troubleSigningInLink
        case submitButton
        case flowToggleLink
        /// A sign-in method's button below the form.
        case providerButton(AuthProvider)
        /// Shown to a guest in place of "Continue as guest".
        case signOutButton
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = AuthPicker.Control

        public var flow: AuthenticationFlow = .signIn
        public var email = TextInput()
        public var password = TextInput()
        public var confirmPassword = TextInput()
        public var focus: Control
        /// Whether Enter was refused in sign-in: only then does sign-in show the email rule.
        public var wasSubmitRefused = false
        /// Whether a guest (an anonymous user) is signed in: Sign out replaces "Continue as guest".
        public var isGuest: Bool
        /// A credential that collided with another account, linked after the next successful sign-in.
        public var pendingCredential: AuthCredential?
        private let methodButtons: [AuthProvider]
        /// Whether the email/password form is shown.
        public let showsEmailForm: Bool
        public let showsCancelButton: Bool

        public init(providers: [AuthProvider], showsCancelButton: Bool, email: String = "", isGuest: Bool = false) {
            let others = providers.filter { $0 != .email && $0 != .emailLink }
            methodButtons = (providers.contains(.emailLink) ? [.emailLink] : []) + others
            self.isGuest = isGuest
            showsEmailForm = providers.contains(.email)
            self.showsCancelButton = showsCancelButton
            self.email = TextInput(email)
            focus = .cancelButton
            focus = controls.first ?? .cancelButton
        }

        /// The buttons below the form: the email-link button first, then the rest in registration order
        /// ("Continue as guest" only while no guest is signed in).
        public var providerButtons: [AuthProvider] { isGuest ? methodButtons.filter { $0 != .anonymous } : methodButtons }

        public var controls: [Control] {
            var order: [Control] = []
            if showsEmailForm {
                order += [.emailField, .passwordField]
                order.append(flow == .signUp ? .confirmPasswordField : .troubleSigningInLink)
                order += [.submitButton, .flowToggleLink]
            }
            order += providerButtons.map(Control.providerButton)
            if isGuest { order.append(.signOutButton) }
            if showsCancelButton { order.append(.cancelButton) }
            return order
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .emailField: .textField(isSecure: false)
            case .passwordField, .confirmPasswordField: .textField(isSecure: true)
            case .submitButton: .button(isEnabled: isSubmitEnabled)
            case .providerButton, .signOutButton, .cancelButton: .button(isEnabled: true)
            case .troubleSigningInLink, .flowToggleLink: .link
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .emailField: \.email
            case .passwordField: \.password
            case .confirmPasswordField: \.confirmPassword
            default: nil
            }
        }

        /// FirebaseUI checks the password's length and match only when signing up, and shows the email rule
        /// only then; sign-in shows it once a submit was refused, so Enter is never silent.
        public func validation(for control: Control) -> [ValidationResult] {
            switch control {
            case .emailField where flow == .signUp || wasSubmitRefused: [.email(email.text)]
            case .passwordField where flow == .signUp: [.passwordLength(password.text)]
            case .confirmPasswordField: [.passwordsMatch(confirmPassword.text, password.text)]
            default: []
            }
        }

        /// The fields the current flow submits.
        var fields: [Control] { flow == .signIn ? [.emailField, .passwordField] : [.emailField, .passwordField, .confirmPasswordField] }

        /// Whether a field holds text typed here that quitting would lose (an address filled in by the app, after a
        /// sign-out or a password reset, does not count).
        public var holdsTypedInput: Bool {
            [email, password, confirmPassword].contains { $0.hasBeenEdited && !$0.text.isEmpty }
        }

        /// Whether the main button can submit.
        public var isSubmitEnabled: Bool {
            FormValidators.isValidEmail(email.text) && passes(fields) && !password.text.isEmpty
        }
    }

    /// What the picker asks of the Navigator.
    public enum Delegate: Hashable, Sendable {
        case signIn(email: String, password: String)
        case signUp(email: String, password: String)
        case troubleSigningIn(email: String)
        case providerSelected(AuthProvider)
        case signOut
        case cancel
    }
}

extension AuthPicker.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> AuthPicker.Delegate? {
        switch control {
        case .emailField, .passwordField, .confirmPasswordField:
            return advance(from: control) ? activate(.submitButton) : nil
        case .submitButton:
            guard isSubmitEnabled else {
                wasSubmitRefused = true
                revealValidation(of: fields)
                return nil
            }
            return flow == .signIn ? .signIn(email: email.text, password: password.text)
                : .signUp(email: email.text, password: password.text)
        case .troubleSigningInLink:
            return .troubleSigningIn(email: email.text)
        case .flowToggleLink:
            flow = flow == .signIn ? .signUp : .signIn
            focus = firstControlNeedingInput
            return nil
        case .providerButton(let provider):
            return .providerSelected(provider)
        case .signOutButton:
            return .signOut
        case .cancelButton:
            return .cancel
        }
    }

    /// Where a keyboard user goes after switching between sign-in and sign-up: the first of the flow's fields
    /// that is empty or breaks a rule (the password confirmation when email and password are typed), else the
    /// main button.
    var firstControlNeedingInput: Control {
        fields.first { field in text(of: field).map { self[keyPath: $0].text.isEmpty } == true || !passes([field]) }
            ?? .submitButton
    }

    /// After a sign-in that did not end signed in: the passwords go, the email stays.
    mutating func clearPasswords() {
        password = TextInput()
        confirmPassword = TextInput()
    }
}

extension AuthPicker.State {
    public mutating func asked(_ request: AuthPicker.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .signIn(let email, let password):
            return navigator.start(AuthCall.SignIn(email: email, password: password))
        case .signUp(let email, let password):
            return navigator.start(AuthCall.CreateUser(email: email, password: password))
        case .troubleSigningIn(let email):
            navigator.push(PasswordRecovery.State(email: email))
            return []
        case .providerSelected(let provider):
            return select(provider, in: &navigator)
        case .signOut:
            return navigator.start(AuthCall.SignOut())
        case .cancel:
            return [.quit]
        }
    }

    /// A sign-in method's button below the form.
    private func select(_ provider: AuthProvider, in navigator: inout NavigatorState) -> [NavigatorEffect] {
        let typed = email.text
        switch provider {
        case .email:
            return []
        case .emailLink:
            // A remembered address is pre-filled selected, so typing another replaces it.
            var feature = EmailLink.State(email: typed.isEmpty ? navigator.emailForLink ?? "" : typed)
            if typed.isEmpty { feature.email.selectAll() }
            navigator.push(feature)
            return []
        case .phone:
            navigator.push(EnterPhoneNumber.State(country: navigator.defaultCountry))
            return []
        case .anonymous:
            return navigator.start(AuthCall.SignInAnonymously())
        case .identityProvider(let button):
            return IdentityProviderHandoff.begin(button, for: .signIn, email: typed, in: &navigator)
        }
    }

    /// The root's answers (FirebaseUI's `AuthPickerView` owns the session whichever screen it shows).
    public mutating func receive(_ response: OperationResponse, to operation: Operation,
                                 in navigator: inout NavigatorState, as id: ElementID) -> [NavigatorEffect]? {
        navigator.receiveAtRoot(response, of: operation)
    }
}
