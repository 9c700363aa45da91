import AuthCore

extension NavigatorState {
    /// Applies a call's result; a result for an operation the person stopped waiting for is dropped.
    mutating func receive(_ response: OperationResponse, for id: Int) -> [NavigatorEffect] {
        guard let current = operation, current.id == id else {
            // The person pressed Esc; a sign-in that still succeeded must not linger in the backend.
            if case .signIn(.success(.signedIn)) = response { return [.discardSession] }
            return []
        }
        operation = nil
        switch response {
        case .session(.success(let user)):
            signedIn(as: user)
        case .session(.failure(let error)):
            signedIn(as: nil)
            alert = .error(error.code, during: current.kind)
        case .signIn(.success(.signedIn(let user))):
            signedIn(as: user)
        case .signIn(.success(.mfaRequired(let required))):
            authenticationState = .unauthenticated
            push(.mfaResolution(required))
        case .signIn(.failure(let error)):
            authenticationState = currentUser.map { $0.isAnonymous ? .unauthenticated : .authenticated } ?? .unauthenticated
            alert = .error(error.code, during: current.kind)
        case .passwordRecoveryEmailSent(.success(let email)):
            alert = .passwordRecoveryEmailSent(email: email)
        case .passwordReset(.success(let email)):
            passwordRecovery.email = TextInput(email)
            alert = .passwordResetComplete
        case .signedOut(.success):
            signedIn(as: nil)
        case .inbox(.success(let messages)):
            inbox = InboxState(messages: messages, selection: max(0, messages.count - 1))
        case .passwordRecoveryEmailSent(.failure(let error)), .passwordReset(.failure(let error)),
             .signedOut(.failure(let error)), .inbox(.failure(let error)):
            alert = .error(error.code, during: current.kind)
        }
        return []
    }

    /// Records the session's user; FirebaseUI counts an anonymous user as signed out.
    private mutating func signedIn(as user: User?) {
        currentUser = user
        let authenticated = user.map { !$0.isAnonymous } ?? false
        authenticationState = authenticated ? .authenticated : .unauthenticated
        routes.removeAll()
        isPasswordRevealed = false
        if authenticated {
            picker = PickerForm()
            authenticationFlow = .signIn
        } else {
            picker.password = TextInput()
            picker.confirmPassword = TextInput()
        }
        focus = focusOrder.first ?? focus
    }
}
