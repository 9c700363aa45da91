import AuthCore

extension AuthCall {
    /// Signs in as a guest.
    public struct SignInAnonymously: BackendCall {
        public init() {}
        public var kind: OperationKind { .signingIn }
        /// A sign-in that still succeeds after Esc is signed out again.
        public var canBeAbandoned: Bool { true }
        public var description: String { "signInAnonymously" }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            try await context.service.signInAnonymously()
        }
    }

    /// Signs in with a credential (or links it to a guest, when upgrading guests).
    public struct SignInWithCredential: BackendCall {
        public let signInCredential: AuthCredential

        public init(_ credential: AuthCredential) {
            signInCredential = credential
        }

        /// An emailed link's sign-in has its own wording (a wrong address is said so).
        public var kind: OperationKind {
            if case .emailLink = signInCredential { return .signingInWithEmailLink }
            return .signingIn
        }

        /// A sign-in that still succeeds after Esc is signed out again.
        public var canBeAbandoned: Bool { true }
        public var credential: AuthCredential? { signInCredential }
        public var description: String { "signInWithCredential(\(signInCredential))" }
        /// An upgraded guest is linked to the credential (a credential of another account asks then).
        public func endsGuestSession(upgradingGuests: Bool) -> Bool { !upgradingGuests }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            try await context.service.signIn(with: signInCredential)
        }
    }

    /// Signs the guest out and signs in with a credential that belongs to another account.
    public struct ReplaceGuestAndSignIn: BackendCall {
        public let signInCredential: AuthCredential

        public init(_ credential: AuthCredential) {
            signInCredential = credential
        }

        public var kind: OperationKind { .signingIn }
        /// The guest is gone once it starts: the screen waits for the new session.
        public var canBeAbandoned: Bool { false }
        public var credential: AuthCredential? { signInCredential }
        public var description: String { "replaceGuestAndSignIn(\(signInCredential))" }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            try await context.service.replaceGuestAndSignIn(with: signInCredential)
        }
    }

    /// Links a credential to the signed-in user (one kept from an earlier conflict, or a method added); answers
    /// the account.
    public struct LinkCredential: BackendCall {
        public let linkedCredential: AuthCredential

        public init(_ credential: AuthCredential) {
            linkedCredential = credential
        }

        public var kind: OperationKind { .linkingCredential }
        public var canBeAbandoned: Bool { false }
        public var credential: AuthCredential? { linkedCredential }
        public var description: String { "linkCredential(\(linkedCredential))" }

        public func run(in context: CallContext) async throws(AuthError) -> User {
            try await context.service.link(linkedCredential)
        }
    }

    /// Proves again who is signed in, so a call refused for an old sign-in can run again.
    public struct Reauthenticate: BackendCall {
        public let proof: AuthCredential

        public init(_ credential: AuthCredential) {
            proof = credential
        }

        public var kind: OperationKind { .reauthenticating }
        public var canBeAbandoned: Bool { true }
        public var credential: AuthCredential? { proof }
        public var description: String { "reauthenticate(\(proof))" }

        public func run(in context: CallContext) async throws(AuthError) -> SignInOutcome {
            try await context.service.reauthenticate(with: proof)
        }
    }

    /// Removes a sign-in method from the signed-in user; answers the account.
    public struct Unlink: BackendCall {
        public let providerID: ProviderID

        public init(providerID: ProviderID) {
            self.providerID = providerID
        }

        public var kind: OperationKind { .unlinking }
        public var canBeAbandoned: Bool { false }
        public var description: String { "unlink(\(providerID))" }

        public func run(in context: CallContext) async throws(AuthError) -> User {
            try await context.service.unlink(providerID: providerID.rawValue)
        }
    }

    /// Looks up the methods an email used before, after a sign-in with `attemptedProviderID` failed with `failure`
    /// (FirebaseUI's legacy sign-in recovery); answers their provider ids.
    public struct FetchSignInMethods: BackendCall {
        public let email: String
        public let failure: AuthErrorCode
        public let attemptedProviderID: ProviderID

        public init(email: String, after failure: AuthErrorCode, attempted attemptedProviderID: ProviderID) {
            self.email = email
            self.failure = failure
            self.attemptedProviderID = attemptedProviderID
        }

        public var kind: OperationKind { .checkingPreviousSignInMethods }
        public var canBeAbandoned: Bool { true }
        public var description: String { "fetchSignInMethods(\(email))" }

        public func run(in context: CallContext) async throws(AuthError) -> [String] {
            try await context.service.fetchSignInMethods(email: email)
        }
    }
}
