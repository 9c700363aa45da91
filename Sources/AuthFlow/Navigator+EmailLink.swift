import AuthCore

extension NavigatorState {
    /// Opens the email-link route at its first step.
    mutating func openEmailLink(email: String) {
        emailLink = EmailLinkForm()
        emailLink.email = TextInput(email)
        push(.emailLink)
    }

    mutating func sendEmailLink() -> [NavigatorEffect] {
        guard isEmailLinkSendEnabled else {
            emailLink.email.hasBeenEdited = true
            focus = .emailLinkEmailField
            return []
        }
        return [.sendSignInLink(operationID: begin(.sendingSignInLink), email: emailLink.email.text)]
    }

    mutating func signInWithEmailLink() -> [NavigatorEffect] {
        guard isEmailLinkSignInEnabled else {
            emailLink.email.hasBeenEdited = true
            emailLink.link.hasBeenEdited = true
            focus = FormValidators.isValidEmail(emailLink.email.text) ? .emailLinkField : .emailLinkEmailField
            return []
        }
        let link = emailLink.link.text.filter { !$0.isWhitespace }
        let credential = AuthCredential.emailLink(email: emailLink.email.text, link: link)
        return [.signInWithCredential(operationID: begin(.signingInWithEmailLink, credential: credential), credential)]
    }

    /// Enter on a sign-in email in the inbox: sign in at once when the address is remembered, else ask for it.
    mutating func openSignInLink(_ message: OutboxMessage) -> [NavigatorEffect] {
        inbox = nil
        emailLink = EmailLinkForm()
        emailLink.step = .enterLink
        emailLink.link = TextInput(message.link ?? message.code)
        if authView != .emailLink { routes.append(.emailLink) }
        guard let remembered = emailForLink else {
            focus = .emailLinkEmailField
            return []
        }
        emailLink.email = TextInput(remembered)
        focus = .emailLinkSignInButton
        return signInWithEmailLink()
    }
}
