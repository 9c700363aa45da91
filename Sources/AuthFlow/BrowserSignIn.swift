import AuthCore
import FoundationEssentials

/// Signing in with an identity provider in a browser (RFC 8252): the address to open, a listener on this
/// machine that catches the browser's return, and the returned address pasted by hand when the browser is
/// elsewhere.
public enum BrowserSignIn {
    public enum Control: Hashable, Sendable {
        case openBrowserButton
        case addressField
        case continueButton
        case cancelButton
    }

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

    public struct State: BrowserHandoffFeature {

        public var start: Start
        /// What the provider's answer is for: a sign-in, a link, or proving again who is signed in.
        public let use: IdentityProviderUse
        /// Whether a browser can be opened on this machine (a display and a browser command).
        public let canOpenBrowser: Bool
        /// The operation waiting for the browser's return; cancelling it closes the listener.
        public let waitOperationID: Int
        public var address = TextInput()
        public var focus: Control

        public init(start: Start, use: IdentityProviderUse, canOpenBrowser: Bool, waitOperationID: Int) {
            self.start = start
            self.use = use
            self.canOpenBrowser = canOpenBrowser
            self.waitOperationID = waitOperationID
            focus = canOpenBrowser ? .openBrowserButton : .addressField
        }

        public func validation(for control: Control) -> [ValidationResult] {
            guard control == .addressField else { return [] }
            return [ValidationResult(rule: .browserAddress, isSatisfied: reading != .foreign && reading != .notAnAddress)]
        }

        /// What the pasted address says about this sign-in.
        var reading: IdentityProviderRedirect.Reading {
            start.reading(of: address.text)
        }
    }

    public enum Delegate: Hashable, Sendable {
        case openBrowser(String)
        /// The browser came back with this address (pasted): it answers this sign-in.
        case returned(String)
        case cancel
    }
}

extension BrowserSignIn.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> BrowserSignIn.Delegate? {
        switch control {
        case .openBrowserButton:
            return .openBrowser(start.authURI.authURI)
        case .addressField, .continueButton:
            guard passes([.addressField]), !address.text.allSatisfy(\.isWhitespace) else {
                revealValidation(of: [.addressField])
                return nil
            }
            return .returned(address.text.trimmingWhitespaceAndNewlines())
        case .cancelButton:
            return .cancel
        }
    }
}

extension BrowserSignIn.State {
    public mutating func asked(_ request: BrowserSignIn.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .openBrowser(let address):
            return [.openBrowser(address)]
        case .returned(let address):
            navigator.remove(id)
            return BrowserSignIn.finish(address, start, for: use, in: &navigator)
        case .cancel:
            navigator.remove(id)
            return []
        }
    }

    /// The listener waits for the browser while the screen shows.
    public var backgroundOperations: [Int] { [waitOperationID] }

    /// The listener caught the browser's return, or gave up (timeout).
    public mutating func receiveInBackground(_ response: OperationResponse, in navigator: inout NavigatorState,
                                             as id: ElementID) -> [NavigatorEffect] {
        navigator.waitAnswered(id)
        if let address = response.output(String.self) {
            return BrowserSignIn.finish(address, start, for: use, in: &navigator)
        }
        if let error = response.failure {
            navigator.present(AlertPresentation(.error(error.code, during: .signingIn)))
        }
        return []
    }
}

extension BrowserSignIn {
    /// The listener is up and the backend named the address: show it, and wait for the browser meanwhile.
    static func begun(_ begun: Start, for use: IdentityProviderUse, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        let wait = navigator.startInBackground(AuthCall.AwaitBrowserReturn(begun))
        navigator.push(State(start: begun, use: use, canOpenBrowser: navigator.canOpenBrowser,
                             waitOperationID: wait.id))
        return wait.effects
    }

    /// Signs in with, links or proves again with the address the browser came back to, unless the provider
    /// refused.
    fileprivate static func finish(_ address: String, _ begun: Start, for use: IdentityProviderUse,
                                   in navigator: inout NavigatorState) -> [NavigatorEffect] {
        guard begun.reading(of: address) == .answered else {
            navigator.present(AlertPresentation(.error(.webContextCancelled, during: .signingIn)))
            return []
        }
        let redirect = IdentityProviderRedirect(requestURI: address, sessionID: begun.authURI.sessionID)
        let credential = IdentityProviderCredential(providerID: begun.button.providerID, redirect: redirect)
        return IdentityProviderHandoff.answered(.identityProvider(credential), for: use, prover: .root, in: &navigator)
    }
}
