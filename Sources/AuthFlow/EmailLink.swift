import AuthCore

/// FirebaseUI's `EmailLinkView`, plus the step where the emailed link is pasted (a terminal has no URL callback).
public enum EmailLink {
    /// Which half of the flow is shown.
    public enum Step: Hashable, Sendable {
        case requestLink
        case enterLink
    }

    public enum Control: Hashable, Sendable {
        case emailField
        case sendButton
        case haveLinkLink
        case linkField
        case signInButton
    }

    public struct State: FormFeature {
        public typealias Control = EmailLink.Control

        public var step = Step.requestLink
        public var email: TextInput
        public var link = TextInput()
        public var focus = Control.emailField

        public init(email: String = "") {
            self.email = TextInput(email)
        }

        /// The second step with a link from the inbox filled in; the address is asked for when not remembered.
        public init(link: String, email: String?) {
            self.email = TextInput(email ?? "")
            self.link = TextInput(link)
            step = .enterLink
            focus = email == nil ? .emailField : .signInButton
        }

        public var controls: [Control] {
            switch step {
            case .requestLink: [.emailField, .sendButton, .haveLinkLink]
            case .enterLink: [.emailField, .linkField, .signInButton]
            }
        }

        public func kind(of control: Control) -> ControlKind {
            switch control {
            case .emailField, .linkField: .textField(isSecure: false)
            case .sendButton: .button(isEnabled: isSendEnabled)
            case .signInButton: .button(isEnabled: isSignInEnabled)
            case .haveLinkLink: .link
            }
        }

        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? {
            switch control {
            case .emailField: \.email
            case .linkField: \.link
            default: nil
            }
        }

        public func validation(for control: Control) -> [ValidationResult] {
            // A link pasted here is taken as the link, not refused as an address.
            control == .emailField && !OobCode.isActionLink(email.text) ? [.email(email.text)] : []
        }

        /// Whether "Send email sign-in link" can submit.
        public var isSendEnabled: Bool { passes([.emailField]) }

        /// Whether the emailed link can be used to sign in.
        public var isSignInEnabled: Bool { passes([.emailField]) && !link.text.allSatisfy(\.isWhitespace) }
    }

    public enum Delegate: Hashable, Sendable {
        case sendLink(email: String)
        case useLink(String)
        case signIn(AuthCredential)
    }
}

extension EmailLink.State: FormReducer {
    /// Enter on a control.
    public mutating func activate(_ control: Control) -> EmailLink.Delegate? {
        switch (control, step) {
        case (.emailField, .requestLink), (.sendButton, _):
            if OobCode.isActionLink(email.text) { return .useLink(email.text) }
            guard isSendEnabled else {
                revealValidation(of: [.emailField])
                return nil
            }
            return .sendLink(email: email.text)
        case (.haveLinkLink, _):
            showLinkEntry()
            return nil
        case (.emailField, .enterLink), (.linkField, _):
            return advance(from: control) ? activate(.signInButton) : nil
        case (.signInButton, _):
            guard isSignInEnabled else {
                revealValidation(of: [.emailField, .linkField])
                return nil
            }
            return .signIn(.emailLink(email: email.text, link: link.text.filter { !$0.isWhitespace }))
        }
    }

    /// The link went out, or the person already has one: ask for it.
    mutating func showLinkEntry() {
        step = .enterLink
        focus = .linkField
    }
}

extension EmailLink.State {
    public func asked(_ request: EmailLink.Delegate, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch request {
        case .sendLink(let email): navigator.start(AuthCall.SendSignInLink(email: email))
        case .useLink(let link): navigator.useEmailLink(link)
        case .signIn(let credential): navigator.start(AuthCall.SignInWithCredential(credential))
        }
    }

    /// The link went out (its address is remembered, FirebaseUI's `email-link` storage), or the sign-in answered.
    public func receive(_ response: OperationResponse, to operation: Operation, in navigator: inout NavigatorState,
                        as id: ElementID) -> [NavigatorEffect]? {
        guard operation.call.base is AuthCall.SendSignInLink, let email = response.output(String.self) else {
            return navigator.signInAnswered(response, of: operation)
        }
        navigator.emailForLink = email
        navigator.present(AlertPresentation(.signInLinkSent(email: email), then: .showLinkEntry))
        return [.rememberEmailForLink(email)]
    }

    public mutating func perform(_ action: AlertAction, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        guard action == .showLinkEntry else { return navigator.perform(action, for: id) }
        showLinkEntry()
        return []
    }
}

extension NavigatorState {
    /// A sign-in link from the inbox or pasted where the address goes: signs in with it at once when the address
    /// is remembered (FirebaseUI handles a link whenever it is opened), else asks for the address.
    mutating func useEmailLink(_ link: String) -> [NavigatorEffect] {
        show(EmailLink.State(link: link, email: emailForLink))
        guard emailForLink != nil, let id = path.ids.last else { return [] }
        return reduce(.route(id)) { feature, navigator, id in feature.handle(.activated, in: &navigator, as: id) } ?? []
    }
}
