import AuthCore

extension AuthCall {
    /// Listens on a loopback port and asks the backend where the browser should sign in with a provider.
    public struct BeginBrowserSignIn: BackendCall {
        public let button: IdentityProviderButton
        /// What the provider's answer will be for.
        public let use: IdentityProviderUse

        public init(_ button: IdentityProviderButton, for use: IdentityProviderUse) {
            self.button = button
            self.use = use
        }

        public var kind: OperationKind { .beginningBrowserSignIn }
        /// A listener opened after Esc is closed again.
        public var canBeAbandoned: Bool { true }
        public var description: String { "beginBrowserSignIn(\(button.providerID))" }

        public func run(in context: CallContext) async throws(AuthError) -> BrowserSignIn.Start {
            try await context.requireBrowserSignIn().begin(button, service: context.service)
        }
    }

    /// Waits (without a busy layer) for the browser to come back to a sign-in's listener; answers the address.
    public struct AwaitBrowserReturn: BackendCall {
        public let start: BrowserSignIn.Start

        public init(_ start: BrowserSignIn.Start) {
            self.start = start
        }

        public var kind: OperationKind { .beginningBrowserSignIn }
        public var canBeAbandoned: Bool { true }
        public var description: String { "awaitBrowserReturn(\(start.button.providerID))" }

        public func run(in context: CallContext) async throws(AuthError) -> String {
            try await context.requireBrowserSignIn().browserReturn(start)
        }
    }

    /// Asks a provider for a device code to show (its button names a device client).
    public struct BeginDeviceSignIn: BackendCall {
        public let button: IdentityProviderButton
        /// What the provider's answer will be for.
        public let use: IdentityProviderUse

        public init(_ button: IdentityProviderButton, for use: IdentityProviderUse) {
            self.button = button
            self.use = use
        }

        public var kind: OperationKind { .signingInOnAnotherDevice }
        public var canBeAbandoned: Bool { true }
        public var description: String { "beginDeviceSignIn(\(button.providerID))" }

        public func run(in context: CallContext) async throws(AuthError) -> DeviceSignIn.Start {
            try await context.deviceSignIn.begin(button)
        }
    }

    /// Polls the provider (without a busy layer) until the person approves the code shown.
    public struct AwaitDeviceApproval: BackendCall {
        public let start: DeviceSignIn.Start

        public init(_ start: DeviceSignIn.Start) {
            self.start = start
        }

        public var kind: OperationKind { .signingInOnAnotherDevice }
        public var canBeAbandoned: Bool { true }
        public var description: String { "awaitDeviceApproval(\(start.button.providerID))" }

        public func run(in context: CallContext) async throws(AuthError) -> IdentityProviderCredential {
            try await context.deviceSignIn.approval(start)
        }
    }
}

extension CallContext {
    /// The browser sign-in of a Firebase backend; OPERATION_NOT_ALLOWED where there is none.
    func requireBrowserSignIn() throws(AuthError) -> any BrowserSignInProviding {
        guard let browserSignIn else { throw AuthError(.operationNotAllowed, detail: "no browser sign-in here") }
        return browserSignIn
    }
}
