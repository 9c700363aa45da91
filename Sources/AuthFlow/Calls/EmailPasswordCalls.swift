import AuthCore

extension AuthCall {
    /// Signs in with email and password (with a solved reCAPTCHA Enterprise token when the project asked for one).
    public struct SignIn: RecaptchaProtectedCall {
        public let email: String
        public let password: String
        public let recaptchaToken: String?

        public init(email: String, password: String, recaptchaToken: String? = nil) {
            self.email = email
            self.password = password
            self.recaptchaToken = recaptchaToken
        }

        public func sending(recaptchaToken token: String) -> Self {
            Self(email: email, password: password, recaptchaToken: token)
        }

        public var recaptchaAction: RecaptchaAction { .signInWithPassword }

        public var kind: OperationKind { .signingIn }
        /// A sign-in that still succeeds after Esc is signed out again.
        public var canBeAbandoned: Bool { true }
        public var credential: AuthCredential? { .emailPassword(email: email, password: password) }
        public var description: String { "signIn(\(email))" }
        /// An existing account is never a guest's upgrade.
        public func endsGuestSession(upgradingGuests: Bool) -> Bool { true }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            try await context.service.signIn(email: email, password: password, recaptchaToken: recaptchaToken)
        }
    }

    /// Creates an account (a guest's, when upgrading guests) and signs in to it (with a solved reCAPTCHA
    /// Enterprise token when the project asked for one).
    public struct CreateUser: RecaptchaProtectedCall {
        public let email: String
        public let password: String
        public let recaptchaToken: String?

        public init(email: String, password: String, recaptchaToken: String? = nil) {
            self.email = email
            self.password = password
            self.recaptchaToken = recaptchaToken
        }

        public func sending(recaptchaToken token: String) -> Self {
            Self(email: email, password: password, recaptchaToken: token)
        }

        public var recaptchaAction: RecaptchaAction { .signUpPassword }

        public var kind: OperationKind { .signingUp }
        /// A sign-up that still succeeds after Esc is signed out again.
        public var canBeAbandoned: Bool { true }
        public var credential: AuthCredential? { .emailPassword(email: email, password: password) }
        public var description: String { "createUser(\(email))" }
        /// An upgraded guest becomes the new account.
        public func endsGuestSession(upgradingGuests: Bool) -> Bool { !upgradingGuests }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            try await context.service.createUser(email: email, password: password, recaptchaToken: recaptchaToken)
        }
    }

    /// Sends the password recovery email (with a solved reCAPTCHA Enterprise token when the project asked for
    /// one); answers the address.
    public struct SendPasswordRecoveryEmail: RecaptchaProtectedCall {
        public let email: String
        public let recaptchaToken: String?

        public init(email: String, recaptchaToken: String? = nil) {
            self.email = email
            self.recaptchaToken = recaptchaToken
        }

        public func sending(recaptchaToken token: String) -> Self {
            Self(email: email, recaptchaToken: token)
        }

        public var recaptchaAction: RecaptchaAction { .getOobCode }

        public var kind: OperationKind { .sendingPasswordRecoveryEmail }
        public var canBeAbandoned: Bool { true }
        public var description: String { "sendPasswordRecoveryEmail(\(email))" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            try await context.service.sendPasswordRecoveryEmail(email: email, recaptchaToken: recaptchaToken)
            return email
        }
    }

    /// Resets the password with what was pasted (the code alone or the whole emailed link); answers the
    /// account's email.
    public struct ResetPassword: BackendCall {
        public let codeOrLink: String
        public let newPassword: String

        public init(codeOrLink: String, newPassword: String) {
            self.codeOrLink = codeOrLink
            self.newPassword = newPassword
        }

        public var kind: OperationKind { .resettingPassword }
        public var canBeAbandoned: Bool { false }
        public var description: String { "resetPassword" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            try await context.service.resetPassword(codeOrLink: codeOrLink, newPassword: newPassword)
        }
    }

    /// Changes the signed-in user's password; answers the account.
    public struct UpdatePassword: BackendCall {
        public let password: String

        public init(_ password: String) {
            self.password = password
        }

        public var kind: OperationKind { .updatingPassword }
        public var canBeAbandoned: Bool { false }
        public var description: String { "updatePassword" }

        public func run(in context: CallContext) async throws(AuthError) -> User {
            try await context.service.updatePassword(password)
        }
    }

    /// Emails the signed-in user a link that verifies their address; answers the account.
    public struct SendEmailVerification: BackendCall {
        public init() {}
        public var kind: OperationKind { .sendingEmailVerification }
        public var canBeAbandoned: Bool { true }
        public var description: String { "sendEmailVerification" }

        public func run(in context: CallContext) async throws(AuthError) -> User {
            try await context.service.sendEmailVerification()
        }
    }
}
