import AuthCore
import FoundationEssentials

/// Signing in with an identity provider in a browser (RFC 8252): the address to open, a listener on this
/// machine that catches the browser's return, and the returned address pasted by hand when the browser is
/// elsewhere.
public enum BrowserSignIn {
    /// The hand-off's controls: Open browser, the pasted address, Continue, Cancel.
    public typealias Control = BrowserHandoffControl
    /// The hand-off screen, for what the provider's answer is for (`use`).
    public typealias State = BrowserHandoff<Start>

    /// A browser sign-in begun: the provider, its authorization address, and where the browser comes back.
    public struct Start: Hashable, Sendable {
        public var button: IdentityProviderButton
        public var authURI: AuthURI
        /// The loopback address the listener serves (`createAuthUri`'s `continueUri`).
        public var continueURI: String
        /// The `state` the browser must bring back.
        public var expectedState: String

        public init(button: IdentityProviderButton, authURI: AuthURI, continueURI: String, expectedState: String) {
            self.button = button
            self.authURI = authURI
            self.continueURI = continueURI
            self.expectedState = expectedState
        }

        /// What `address` (the browser's return, caught by the listener or pasted) says about this sign-in.
        public func reading(of address: String) -> IdentityProviderRedirect.Reading {
            IdentityProviderRedirect.read(address, expectedState: expectedState)
        }
    }
}

extension BrowserSignIn.Start: BrowserHandoffStart {
    /// The provider's authorization address.
    public var openAddress: String { authURI.authURI }

    /// The pasted address itself when it answers this sign-in (a code, or the provider's refusal).
    public func answer(pasted address: String) -> String? {
        switch reading(of: address) {
        case .answered, .refused: address.trimmingWhitespaceAndNewlines()
        case .foreign, .notAnAddress: nil
        }
    }

    /// Signs in with, links or proves again with the address the browser came back to, unless the provider
    /// refused.
    public func proceed(with address: String, for use: IdentityProviderUse, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        guard reading(of: address) == .answered else {
            navigator.present(AlertPresentation(.error(.webContextCancelled, during: .signingIn)))
            return []
        }
        let redirect = IdentityProviderRedirect(requestURI: address, sessionID: authURI.sessionID)
        let credential = IdentityProviderCredential(providerID: button.providerID, redirect: redirect)
        return IdentityProviderHandoff.answered(.identityProvider(credential), for: use, prover: .root, in: &navigator)
    }

    public func failureKind(for use: IdentityProviderUse) -> OperationKind { .signingIn }
}

extension BrowserHandoff where Start == BrowserSignIn.Start {
    /// What the provider's answer is for: a sign-in, a link, or proving again who is signed in.
    public var use: IdentityProviderUse { purpose }

    public init(start: Start, use: IdentityProviderUse, canOpenBrowser: Bool, canCopy: Bool = false, waitOperationID: Int) {
        self.init(start: start, purpose: use, canOpenBrowser: canOpenBrowser, canCopy: canCopy,
                  waitOperationID: waitOperationID)
    }
}

extension BrowserSignIn {
    /// The listener is up and the backend named the address: show it, and wait for the browser meanwhile.
    static func begun(_ begun: Start, for use: IdentityProviderUse, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        State.begun(begun, for: use, waiting: AuthCall.AwaitBrowserReturn(begun), in: &navigator)
    }
}
