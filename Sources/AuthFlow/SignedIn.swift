/// FirebaseUI's `SignedInView`: who is signed in, and Sign out.
public enum SignedIn {
    public enum Control: Hashable, Sendable {
        case signOutButton
    }

    public struct State: FormFeature {
        public typealias Control = SignedIn.Control

        public var focus = Control.signOutButton

        public init() {}

        public var controls: [Control] { [.signOutButton] }
        public func kind(of control: Control) -> ControlKind { .button(isEnabled: true) }
        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { nil }
    }

    enum Delegate: Hashable {
        case signOut
    }
}

extension SignedIn.State {
    /// Enter on a control.
    func activate(_ control: Control) -> SignedIn.Delegate? {
        switch control {
        case .signOutButton: .signOut
        }
    }
}
