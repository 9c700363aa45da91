import AuthCore

extension AuthCall {
    /// Emails a sign-in link (to sign in, or to prove again who is signed in); answers the address.
    public struct SendSignInLink: BackendCall {
        public let email: String

        public init(email: String) {
            self.email = email
        }

        public var kind: OperationKind { .sendingSignInLink }
        public var canBeAbandoned: Bool { true }
        public var description: String { "sendSignInLink(\(email))" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            try await context.service.sendSignInLink(email: email)
            return email
        }
    }
}
