import AuthCore

extension AuthCall {
    /// The persisted session and what was remembered with it; answered at once when local state knows the session
    /// (`SessionAtHand`), so a first frame needs no background call.
    public struct LoadSession: BackendCall {
        public init() {}
        public var kind: OperationKind { .loadingSession }
        /// Esc while it loads quits.
        public var canBeAbandoned: Bool { true }
        public var description: String { "loadSession" }

        public func run(in context: CallContext) async throws(AuthError) -> SessionSnapshot {
            snapshot(of: try await context.service.currentUser(), in: context)
        }

        public func answerAtOnce(in context: CallContext) -> Result<SessionSnapshot, AuthError>? {
            do {
                guard case .known(let user) = try context.service.sessionAtHand() else { return nil }
                return .success(snapshot(of: user, in: context))
            } catch {
                return .failure(error)
            }
        }

        private func snapshot(of user: User?, in context: CallContext) -> SessionSnapshot {
            SessionSnapshot(user: user, emailForLink: context.remembered.emailForLink,
                            provisionedUserID: context.remembered.provisionedUserID)
        }
    }

    /// Ends the session; answers true.
    public struct SignOut: BackendCall {
        public init() {}
        public var kind: OperationKind { .signingOut }
        public var canBeAbandoned: Bool { false }
        public var description: String { "signOut" }

        public func run(in context: CallContext) async throws(AuthError) -> Bool {
            try await context.service.signOut()
            return true
        }
    }

    /// Reads which method the session last signed in with (the ID token's `sign_in_provider`).
    public struct FetchSignInProvider: BackendCall {
        public init() {}
        public var kind: OperationKind { .checkingSignInProvider }
        public var canBeAbandoned: Bool { true }
        public var description: String { "fetchSignInProvider" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            try await context.service.signInProvider()
        }
    }

    /// Reads the sign-in methods of the signed-in account's email (`fetchSignInMethods`): ID tokens name a sign-in
    /// with an emailed link `password` too, so these tell which way a `password` sign-in is proven again.
    public struct FetchEmailSignInMethods: BackendCall {
        public let email: String

        public init(email: String) {
            self.email = email
        }

        public var kind: OperationKind { .checkingSignInProvider }
        public var canBeAbandoned: Bool { true }
        public var description: String { "fetchEmailSignInMethods(\(email))" }

        public func run(in context: CallContext) async throws(AuthError) -> [String] {
            try await context.service.fetchSignInMethods(email: email)
        }
    }

    /// Reads what the backend sent (its inbox); answers the messages, newest last.
    public struct LoadInbox: BackendCall {
        public init() {}
        public var kind: OperationKind { .loadingInbox }
        public var canBeAbandoned: Bool { true }
        public var description: String { "loadInbox" }

        public func run(in context: CallContext) async throws(AuthError) -> [OutboxMessage] {
            guard let inbox = context.inbox else { throw AuthError(.notImplemented, detail: "inbox") }
            return try await inbox.messages()
        }
    }

    /// Runs the configured provisioning command for a user who just signed in.
    public struct Provision: BackendCall {
        public let user: User

        public init(_ user: User) {
            self.user = user
        }

        public var kind: OperationKind { .provisioning }
        /// The command sets up the account outside: it is not left half-done.
        public var canBeAbandoned: Bool { false }
        public var description: String { "provision(\(user.uid))" }

        public func run(in context: CallContext) async throws(AuthError) -> ProvisioningOutcome {
            guard let provisioner = context.provisioner else { return .provisioned(uid: user.uid) }
            let idToken: String?
            do {
                idToken = try await context.service.idToken()
            } catch {
                return .failed(.backend(error.code))
            }
            switch await provisioner.run(uid: user.uid, email: user.email, idToken: idToken) {
            case .success: return .provisioned(uid: user.uid)
            case .failure(let failure): return .failed(failure)
            }
        }
    }
}
