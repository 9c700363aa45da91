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
        let effects = apply(response, of: current)
        if case .error(let code, _)? = alert, Self.retryableCodes.contains(code),
           retryEffect(for: current, operationID: 0) != nil {
            retry = current
        }
        return effects
    }

    /// Failures worth trying again as they are: the server could not be reached or answered nonsense.
    static let retryableCodes: Set<AuthErrorCode> = [.networkRequestFailed, .internalError]

    private mutating func apply(_ response: OperationResponse, of current: Operation) -> [NavigatorEffect] {
        switch response {
        case .session(.success(let snapshot)):
            emailForLink = snapshot.emailForLink
            return signedIn(as: snapshot.user)
        case .session(.failure(let error)):
            alert = .error(error.code, during: current.kind)
            return signedIn(as: nil)
        case .signIn(.success(.signedIn(let user))):
            var effects = signedIn(as: user)
            if case .emailLink = current.credential {
                emailForLink = nil
                effects.insert(.rememberEmailForLink(nil), at: 0)
            }
            return effects
        case .signIn(.success(.mfaRequired(let required))):
            authenticationState = .unauthenticated
            push(.mfaResolution(required))
            return []
        case .signIn(.failure(let error)):
            authenticationState = currentUser.map { $0.isAnonymous ? .unauthenticated : .authenticated } ?? .unauthenticated
            return signInFailed(error, operation: current)
        case .signInLinkSent(.success(let email)):
            emailForLink = email
            alert = .signInLinkSent(email: email)
            return [.rememberEmailForLink(email)]
        case .signInMethods(let result):
            return previousSignInMethodsFound(result, operation: current)
        case .phoneCodeSent(.success(let sent)):
            codeSent(sent)
            return []
        case .credentialLinked(.success(let user)):
            currentUser = user
            alert = .credentialLinked(providerID: current.credential?.providerID ?? "")
            return []
        case .passwordRecoveryEmailSent(.success(let email)):
            alert = .passwordRecoveryEmailSent(email: email)
        case .passwordReset(.success(let email)):
            passwordRecovery.email = TextInput(email)
            alert = .passwordResetComplete
        case .signedOut(.success):
            return signedIn(as: nil)
        case .inbox(.success(let messages)):
            inbox = InboxState(messages: messages, selection: max(0, messages.count - 1))
        case .passwordRecoveryEmailSent(.failure(let error)), .passwordReset(.failure(let error)),
             .signedOut(.failure(let error)), .inbox(.failure(let error)), .signInLinkSent(.failure(let error)),
             .credentialLinked(.failure(let error)), .phoneCodeSent(.failure(let error)):
            alert = .error(error.code, during: current.kind)
        }
        return []
    }

    /// Records the session's user; FirebaseUI counts an anonymous user as signed out.
    /// A credential kept from an earlier conflict is linked once a real account signs in.
    private mutating func signedIn(as user: User?) -> [NavigatorEffect] {
        currentUser = user
        let authenticated = user.map { !$0.isAnonymous } ?? false
        authenticationState = authenticated ? .authenticated : .unauthenticated
        routes.removeAll()
        sheet = nil
        isPasswordRevealed = false
        if authenticated {
            picker = PickerForm()
            authenticationFlow = .signIn
        } else {
            picker.password = TextInput()
            picker.confirmPassword = TextInput()
        }
        focus = focusOrder.first ?? focus
        guard authenticated, let credential = pendingCredential else { return [] }
        pendingCredential = nil
        return [.linkCredential(operationID: begin(.linkingCredential, credential: credential), credential)]
    }
}
