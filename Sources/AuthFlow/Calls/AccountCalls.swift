import AuthCore

extension AuthCall {
    /// Applies the code of a verification email (the code alone or the whole link); answers the account.
    public struct ApplyActionCode: BackendCall {
        public let codeOrLink: String

        public init(codeOrLink: String) {
            self.codeOrLink = codeOrLink
        }

        public var kind: OperationKind { .verifyingEmail }
        public var canBeAbandoned: Bool { false }
        public var description: String { "applyActionCode" }

        public func run(in context: CallContext) async throws(AuthError) -> User {
            try await context.service.applyActionCode(codeOrLink: codeOrLink)
        }
    }

    /// Saves the display name and photo URL (nil removes one); answers the account.
    public struct UpdateProfile: BackendCall {
        public let displayName: String?
        public let photoURL: String?

        public init(displayName: String?, photoURL: String?) {
            self.displayName = displayName
            self.photoURL = photoURL
        }

        public var kind: OperationKind { .updatingProfile }
        public var canBeAbandoned: Bool { false }
        public var description: String { "updateProfile" }

        public func run(in context: CallContext) async throws(AuthError) -> User {
            try await context.service.updateProfile(displayName: displayName, photoURL: photoURL)
        }
    }

    /// Deletes the signed-in account; answers true, signed out.
    public struct DeleteAccount: BackendCall {
        public init() {}
        public var kind: OperationKind { .deletingAccount }
        public var canBeAbandoned: Bool { false }
        public var description: String { "deleteAccount" }

        public func run(in context: CallContext) async throws(AuthError) -> Bool {
            try await context.service.deleteUser()
            return true
        }
    }
}
