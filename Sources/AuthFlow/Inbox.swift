import AuthCore

/// The Inbox: messages the backend "sent", newest last.
public enum Inbox {
    public struct State: Hashable, Sendable {
        public var messages: [OutboxMessage]
        public var selection: Int

        public init(messages: [OutboxMessage] = [], selection: Int? = nil) {
            self.messages = messages
            self.selection = selection ?? max(0, messages.count - 1)
        }

        /// The selected message, if any.
        public var selected: OutboxMessage? {
            messages.indices.contains(selection) ? messages[selection] : nil
        }

        mutating func moveSelection(by delta: Int) {
            guard !messages.isEmpty else { return }
            selection = min(max(0, selection + delta), messages.count - 1)
        }
    }
}

extension Inbox.State: Feature {
    /// ↑/↓ move the selection, Enter uses the message on the screen or sheet beneath, Esc or F2 closes.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch input {
        case .backRequested, .inboxToggled:
            navigator.remove(id)
        case .selectionMoved(let delta):
            moveSelection(by: delta)
        case .activated:
            guard let message = selected, navigator.canUse(message) else { return [] }
            navigator.remove(id)
            return navigator.reduce(navigator.topElement) { feature, navigator, owner in
                feature.use(message, in: &navigator, as: owner)
            } ?? []
        case .edited, .focusMovedForward, .focusMovedBackward, .passwordRevealToggled:
            break
        }
        return []
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        var bindings = KeyBinding.list(enabled: messages.count > 1)
        if let message = selected, navigator.canUse(message) {
            bindings.append(KeyBinding([.enter], .use, .activated))
        }
        return bindings + [KeyBinding([.escape, .f2, .ctrlO], .back, .backRequested)]
    }
}

extension NavigatorState {
    /// Whether Enter on a message of the inbox does something with it on the screen or sheet beneath; a used one's
    /// code is spent.
    public func canUse(_ message: OutboxMessage) -> Bool {
        guard message.standing != .used else { return false }
        let beneath = presentation.dropLast().last?.feature ?? path.last?.feature ?? root.feature
        return beneath.canUse(message, in: self)
    }

    /// Whether a screen does something with a message: signed in, a verification email verifies; signed out,
    /// resets and sign-in links are used where the picker offers passwords and links.
    func canUseOnScreen(_ message: OutboxMessage) -> Bool {
        if authenticationState == .authenticated {
            return message.kind == .verifyEmail && currentUser?.isEmailVerified == false
                && currentUser?.email?.lowercased() == message.recipient.lowercased()
        }
        return (message.kind == .passwordReset && providers.contains(.email))
            || (message.kind == .emailSignIn && providers.contains(.emailLink))
    }

    /// Enter on a message on a screen: a verification email verifies the address; a password-reset email opens
    /// the reset form with its code filled in; a sign-in email signs in with its link at once when the address is
    /// remembered, else asks for the address. Either leads away from a waiting screen (a browser's or a device
    /// code's), whose wait stops.
    mutating func useOnScreen(_ message: OutboxMessage) -> [NavigatorEffect] {
        let code = message.link ?? message.code
        if message.kind == .verifyEmail {
            return start(AuthCall.ApplyActionCode(codeOrLink: code), by: .root)
        }
        leaveWaitingScreen()
        if message.kind == .passwordReset {
            show(PasswordRecovery.State(email: message.recipient, code: code))
            return []
        }
        return useEmailLink(code)
    }
}
