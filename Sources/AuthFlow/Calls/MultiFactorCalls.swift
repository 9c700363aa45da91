import AuthCore

extension AuthCall {
    /// Texts the code of a second factor (a phone hint) to finish a sign-in; answers its verification id.
    public struct SendSecondFactorCode: RecaptchaProtectedCall {
        public let required: MFARequired
        public let hintUID: String
        public let recaptchaToken: String?

        public init(_ required: MFARequired, hintUID: String, recaptchaToken: String? = nil) {
            self.required = required
            self.hintUID = hintUID
            self.recaptchaToken = recaptchaToken
        }

        public func sending(recaptchaToken token: String) -> Self {
            Self(required, hintUID: hintUID, recaptchaToken: token)
        }

        public var recaptchaAction: RecaptchaAction { .mfaSmsSignIn }

        public var kind: OperationKind { .sendingVerificationCode }
        public var canBeAbandoned: Bool { true }
        public var description: String { "sendSecondFactorCode(\(hintUID))" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            try await context.service.startPhoneMFASignIn(required, hintUID: hintUID, recaptchaToken: recaptchaToken)
        }
    }

    /// Finishes a sign-in (or a sign-in again) with its second factor.
    public struct ResolveSecondFactor: BackendCall {
        public let required: MFARequired
        public let assertion: MultiFactorAssertion

        public init(_ required: MFARequired, _ assertion: MultiFactorAssertion) {
            self.required = required
            self.assertion = assertion
        }

        public var kind: OperationKind { .verifyingSecondFactor }
        /// A sign-in that still succeeds after Esc is signed out again.
        public var canBeAbandoned: Bool { true }
        public var description: String { "resolveSecondFactor" }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            .signedIn(try await context.service.resolveSignIn(required, assertion: assertion))
        }
    }

    /// The signed-in user's enrolled second factors.
    public struct LoadSecondFactors: BackendCall {
        public init() {}
        public var kind: OperationKind { .loadingSecondFactors }
        public var canBeAbandoned: Bool { true }
        public var description: String { "loadSecondFactors" }

        public func run(in context: CallContext) async throws(AuthError) -> [MultiFactorInfo] {
            try await context.service.enrolledFactors()
        }
    }

    /// Removes an enrolled second factor; answers the ones left.
    public struct RemoveSecondFactor: BackendCall {
        public let uid: String

        public init(uid: String) {
            self.uid = uid
        }

        public var kind: OperationKind { .removingSecondFactor }
        public var canBeAbandoned: Bool { false }
        public var description: String { "removeSecondFactor(\(uid))" }

        public func run(in context: CallContext) async throws(AuthError) -> [MultiFactorInfo] {
            try await context.service.unenroll(factorUID: uid)
            return try await context.service.enrolledFactors()
        }
    }

    /// Texts the code that proves a number to enrol as a second factor.
    public struct StartPhoneEnrollment: RecaptchaProtectedCall {
        public let phoneNumber: String
        public let recaptchaToken: String?

        public init(phoneNumber: String, recaptchaToken: String? = nil) {
            self.phoneNumber = phoneNumber
            self.recaptchaToken = recaptchaToken
        }

        public func sending(recaptchaToken token: String) -> Self {
            Self(phoneNumber: phoneNumber, recaptchaToken: token)
        }

        public var recaptchaAction: RecaptchaAction { .mfaSmsEnrollment }

        public var kind: OperationKind { .sendingEnrollmentCode }
        public var canBeAbandoned: Bool { true }
        public var description: String { "startPhoneEnrollment(\(phoneNumber))" }

        public func run(in context: CallContext) async throws(AuthError) -> PhoneCodeSent {
            let verificationID = try await context.service.startPhoneEnrollment(phoneNumber: phoneNumber,
                                                                                recaptchaToken: recaptchaToken)
            return PhoneCodeSent(verificationID: verificationID, phoneNumber: phoneNumber, sentAt: context.now())
        }
    }

    /// Gets a new authenticator-app secret, its `otpauth://` URL naming `accountName` and the configured issuer.
    public struct StartTOTPEnrollment: BackendCall {
        public let accountName: String

        public init(accountName: String) {
            self.accountName = accountName
        }

        public var kind: OperationKind { .startingSecondFactorEnrollment }
        public var canBeAbandoned: Bool { true }
        public var description: String { "startTOTPEnrollment(\(accountName))" }

        public func run(in context: CallContext) async throws(AuthError) -> TOTPEnrollmentStarted {
            let secret = try await context.service.generateTOTPSecret(accountName: accountName)
            return TOTPEnrollmentStarted(secret: secret, startedAt: context.now())
        }
    }

    /// Enrols a second factor with its code; answers the enrolled factors.
    public struct EnrollSecondFactor: BackendCall {
        public let assertion: MultiFactorAssertion
        public let displayName: String?

        public init(_ assertion: MultiFactorAssertion, displayName: String?) {
            self.assertion = assertion
            self.displayName = displayName
        }

        public var kind: OperationKind { .enrollingSecondFactor }
        public var canBeAbandoned: Bool { false }
        public var description: String { "enrollSecondFactor" }

        public func run(in context: CallContext) async throws(AuthError) -> [MultiFactorInfo] {
            try await context.service.enroll(assertion, displayName: displayName)
            return try await context.service.enrolledFactors()
        }
    }
}
