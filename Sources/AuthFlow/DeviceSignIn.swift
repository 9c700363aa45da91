import AuthCore
import FoundationEssentials

/// Signing in with an identity provider by device code (RFC 8628): the person opens the provider's address on
/// another device and types the code shown here, while the app polls the provider until they approve.
public enum DeviceSignIn {
    public enum Control: Hashable, Sendable {
        case cancelButton
    }

    /// A code the provider issued: what to show, and until when it works. The device code it is polled with
    /// stays with the runner.
    public struct Start: Hashable, Sendable {
        public var button: IdentityProviderButton
        /// The code the person types at `verificationURI`.
        public var userCode: String
        public var verificationURI: String
        /// The address with the code filled in, when the provider gives one (for a QR code).
        public var verificationURIComplete: String?
        /// When the code was received and when it stops working, by the runner's clock.
        public var receivedAt: Date
        public var expiresAt: Date

        public init(button: IdentityProviderButton, userCode: String, verificationURI: String,
                    verificationURIComplete: String? = nil, receivedAt: Date, expiresAt: Date) {
            self.button = button
            self.userCode = userCode
            self.verificationURI = verificationURI
            self.verificationURIComplete = verificationURIComplete
            self.receivedAt = receivedAt
            self.expiresAt = expiresAt
        }
    }

    public struct State: FormFeature {
        public typealias Control = DeviceSignIn.Control

        public var start: Start
        /// What the provider's answer is for: a sign-in, a link, or proving again who is signed in.
        public let use: IdentityProviderUse
        /// The operation polling the provider; cancelling it stops the polling.
        public let waitOperationID: Int
        public var focus = Control.cancelButton
        /// The latest time the run loop reported, for the countdown.
        public var now: Date?

        public init(start: Start, use: IdentityProviderUse, waitOperationID: Int) {
            self.start = start
            self.use = use
            self.waitOperationID = waitOperationID
        }

        public var controls: [Control] { [.cancelButton] }

        public func kind(of control: Control) -> ControlKind { .button(isEnabled: true) }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }

        /// Whole seconds until the code expires, never below zero.
        public var secondsLeft: Int {
            max(0, Int((start.expiresAt.timeIntervalSince(now ?? start.receivedAt)).rounded(.up)))
        }

        /// The run loop's clock; returns false when the countdown shows the same.
        public mutating func tick(_ date: Date) -> Bool {
            let before = secondsLeft
            now = date
            return secondsLeft != before
        }
    }

    public enum Delegate: Hashable, Sendable {
        case cancel
    }
}

extension DeviceSignIn.State: FormReducer {
    /// Enter on a control.
    public func activate(_ control: Control) -> DeviceSignIn.Delegate? {
        switch control {
        case .cancelButton: .cancel
        }
    }

    /// Cancel (or Esc): stop polling and go back.
    public func asked(_ request: DeviceSignIn.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .cancel:
            navigator.remove(id)
            return []
        }
    }

    /// The provider is polled while the code shows.
    public var backgroundOperations: [Int] { [waitOperationID] }

    /// The person approved (sign in with, link or prove again with the provider's token), or the code expired or
    /// was denied.
    public func receiveInBackground(_ response: OperationResponse, in navigator: inout NavigatorState,
                                    as id: ElementID) -> [NavigatorEffect] {
        navigator.waitAnswered(id)
        if let credential = response.output(IdentityProviderCredential.self) {
            return IdentityProviderHandoff.answered(.identityProvider(credential), for: use, prover: .root,
                                                    in: &navigator)
        }
        if let error = response.failure {
            navigator.present(AlertPresentation(.error(error.code, during: .signingInOnAnotherDevice)))
        }
        return []
    }
}

extension DeviceSignIn {
    /// The provider issued a code: show it, and poll for the person's approval meanwhile.
    static func begun(_ begun: Start, for use: IdentityProviderUse, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        let wait = navigator.startInBackground(AuthCall.AwaitDeviceApproval(begun))
        navigator.push(State(start: begun, use: use, waitOperationID: wait.id))
        return wait.effects
    }
}
