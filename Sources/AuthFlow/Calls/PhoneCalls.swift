import AuthCore

extension AuthCall {
    /// Texts a code to an E.164 number (to sign in, link it, or prove again who is signed in).
    public struct VerifyPhoneNumber: BackendCall {
        public let phoneNumber: String

        public init(phoneNumber: String) {
            self.phoneNumber = phoneNumber
        }

        public var kind: OperationKind { .sendingVerificationCode }
        public var canBeAbandoned: Bool { true }
        public var description: String { "verifyPhoneNumber(\(phoneNumber))" }

        public func run(in context: CallContext) async throws(AuthError) -> PhoneCodeSent {
            let verificationID = try await context.service.verifyPhoneNumber(phoneNumber)
            return PhoneCodeSent(verificationID: verificationID, phoneNumber: phoneNumber, sentAt: context.now())
        }
    }
}
