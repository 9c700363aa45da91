/// FirebaseUI's `SignedInView`: who is signed in, "Manage two-factor authentication" when MFA is on, and Sign out.
public enum SignedIn {
    public enum Control: Hashable, Sendable {
        case manageMFAButton
        case signOutButton
    }

    public struct State: FormFeature {
        public typealias Control = SignedIn.Control

        /// Whether the app offers second factors (`mfaEnabled`).
        public let offersMFA: Bool
        public var focus = Control.signOutButton

        public init(offersMFA: Bool = false) {
            self.offersMFA = offersMFA
        }

        public var controls: [Control] { (offersMFA ? [.manageMFAButton] : []) + [.signOutButton] }
        public func kind(of control: Control) -> ControlKind { .button(isEnabled: true) }
        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }
    }

    enum Delegate: Hashable {
        case manageMFA
        case signOut
    }
}

extension SignedIn.State {
    /// Enter on a control.
    func activate(_ control: Control) -> SignedIn.Delegate? {
        switch control {
        case .manageMFAButton: .manageMFA
        case .signOutButton: .signOut
        }
    }
}
