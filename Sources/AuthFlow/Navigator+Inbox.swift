import AuthCore

extension NavigatorState {
    /// Opens the inbox (loading its messages) or closes it.
    mutating func toggleInbox() -> [NavigatorEffect] {
        guard hasInbox else { return [] }
        if inbox != nil {
            inbox = nil
            return []
        }
        return [.loadInbox(operationID: begin(.loadingInbox))]
    }

    mutating func moveInboxSelection(by delta: Int) {
        guard var shown = inbox, !shown.messages.isEmpty else { return }
        shown.selection = min(max(0, shown.selection + delta), shown.messages.count - 1)
        inbox = shown
    }

    /// Whether Enter does something with a message: only while signed out, for resets and sign-in links.
    public func canUse(_ message: OutboxMessage) -> Bool {
        authenticationState != .authenticated && (message.kind == .passwordReset
            || (message.kind == .emailSignIn && providers.contains(.emailLink)))
    }

    /// Enter on a message: a password-reset email opens the reset form with its code filled in; a sign-in
    /// email signs in with its link.
    mutating func useSelectedMessage() -> [NavigatorEffect] {
        guard let shown = inbox, shown.messages.indices.contains(shown.selection) else { return [] }
        let message = shown.messages[shown.selection]
        guard canUse(message) else { return [] }
        if message.kind == .emailSignIn { return openSignInLink(message) }
        inbox = nil
        if authView != .passwordRecovery {
            passwordRecovery = PasswordRecoveryForm()
            routes.append(.passwordRecovery)
        }
        passwordRecovery.email = TextInput(message.recipient)
        passwordRecovery.step = .enterCode
        passwordRecovery.code = TextInput(message.link ?? message.code)
        focus = .newPasswordField
        return []
    }
}
