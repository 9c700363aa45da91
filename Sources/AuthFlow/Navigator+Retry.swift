import AuthCore

extension NavigatorState {
    /// The call that failed, rebuilt from what it was doing and the forms it read; nil when it cannot be.
    ///
    /// It runs again only when the person chooses Retry: a call that may have reached the server is never
    /// repeated on its own.
    func retryEffect(for failed: Operation, operationID id: Int) -> NavigatorEffect? {
        switch failed.kind {
        case .loadingSession: return .loadSession(operationID: id)
        case .signingIn:
            switch failed.credential {
            case .emailPassword(let email, let password)?: return .signIn(operationID: id, email: email, password: password)
            case let credential?: return .signInWithCredential(operationID: id, credential)
            case nil: return .signInAnonymously(operationID: id)
            }
        case .signingInWithEmailLink:
            return failed.credential.map { .signInWithCredential(operationID: id, $0) }
        case .signingUp:
            guard case .emailPassword(let email, let password)? = failed.credential else { return nil }
            return .createUser(operationID: id, email: email, password: password)
        case .sendingPasswordRecoveryEmail:
            return .sendPasswordRecoveryEmail(operationID: id, email: passwordRecovery.email.text)
        case .resettingPassword:
            return .resetPassword(operationID: id, codeOrLink: passwordRecovery.code.text,
                                  newPassword: passwordRecovery.newPassword.text)
        case .signingOut: return .signOut(operationID: id)
        case .loadingInbox: return .loadInbox(operationID: id)
        case .sendingSignInLink: return .sendSignInLink(operationID: id, email: emailLink.email.text)
        case .sendingVerificationCode:
            if case .enterVerificationCode(_, let number)? = authView { return .verifyPhoneNumber(operationID: id, phoneNumber: number) }
            return phone.e164.map { .verifyPhoneNumber(operationID: id, phoneNumber: $0) }
        case .linkingCredential:
            return failed.credential.map { .linkCredential(operationID: id, $0) }
        case .checkingPreviousSignInMethods(let email, _, _):
            return .fetchSignInMethods(operationID: id, email: email)
        }
    }

    /// Retry on a failure alert: start the failed call again as a new operation.
    mutating func retryFailedCall() -> [NavigatorEffect] {
        guard let failed = retry, retryEffect(for: failed, operationID: 0) != nil else { return [] }
        alert = nil
        retry = nil
        alertSelection = 0
        let id = begin(failed.kind, credential: failed.credential)
        return retryEffect(for: failed, operationID: id).map { [$0] } ?? []
    }
}
