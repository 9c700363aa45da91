import AuthCore

extension AuthCall {
    /// Texts a code to an E.164 number (to sign in, link it, or prove again who is signed in).
    public struct VerifyPhoneNumber: RecaptchaProtectedCall {
        public let phoneNumber: String
        public let recaptchaToken: String?

        public init(phoneNumber: String, recaptchaToken: String? = nil) {
            self.phoneNumber = phoneNumber
            self.recaptchaToken = recaptchaToken
        }

        public func sending(recaptchaToken token: String) -> Self {
            Self(phoneNumber: phoneNumber, recaptchaToken: token)
        }

        public var recaptchaAction: RecaptchaAction { .sendVerificationCode }

        public var kind: OperationKind { .sendingVerificationCode }
        public var canBeAbandoned: Bool { true }
        public var description: String { "verifyPhoneNumber(\(phoneNumber))" }

        public func run(in context: CallContext) async throws(AuthError) -> PhoneCodeSent {
            let verificationID = try await context.service.verifyPhoneNumber(phoneNumber,
                                                                             recaptchaToken: recaptchaToken)
            return PhoneCodeSent(verificationID: verificationID, phoneNumber: phoneNumber, sentAt: context.now())
        }
    }

    /// Whether the call offers a phone number as a first factor: texting it a code, or signing in or linking with
    /// that code (enrolling it as a second factor is another call).
    var offersPhoneAsFirstFactor: Bool {
        if base is VerifyPhoneNumber { return true }
        if case .phone? = credential { return true }
        return false
    }
}
