import AuthCore

/// FirebaseUI's `EmailLinkReauthView` ("Check your email"): the link that was just sent, used from the inbox
/// or pasted (a terminal has no URL callback).
public enum EmailLinkReauthSheet {
    public enum Control: Hashable, Sendable {
        case linkField
        case confirmButton
        case cancelButton
    }

    public struct State: FormFeature {
        public typealias Control = EmailLinkReauthSheet.Control

        public var email: String
        public var link = TextInput()
        public var focus = Control.linkField

        public init(email: String) {
            self.email = email
        }

        public var controls: [Control] { [.linkField, .confirmButton, .cancelButton] }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .linkField: .textField(isSecure: false)
            case .confirmButton: .button(isEnabled: !pastedLink.isEmpty)
            case .cancelButton: .button(isEnabled: true)
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            control == .linkField ? \.link : nil
        }

        /// The pasted link without the line breaks a terminal may add.
        var pastedLink: String { link.text.filter { !$0.isWhitespace } }
    }

    enum Delegate: Hashable {
        case reauthenticate(AuthCredential)
        case cancel
    }
}

extension EmailLinkReauthSheet.State {
    /// Enter on a control.
    func activate(_ control: Control) -> EmailLinkReauthSheet.Delegate? {
        switch control {
        case .linkField, .confirmButton:
            pastedLink.isEmpty ? nil : .reauthenticate(.emailLink(email: email, link: pastedLink))
        case .cancelButton:
            .cancel
        }
    }
}
