import AuthCore

extension NavigatorState {
    /// Applies a call's result; a result for an operation the person stopped waiting for is dropped.
    mutating func receive(_ response: OperationResponse, for id: Int) -> [NavigatorEffect] {
        let index = presentation.firstIndex {
            if case .busy(let operation) = $0 { operation.id == id } else { false }
        }
        if case .browserSignIn(let feature)? = path.last, feature.waitOperationID == id,
           case .browserReturned(let result) = response {
            return browserReturned(result, feature)
        }
        if case .deviceSignIn(let feature)? = path.last, feature.waitOperationID == id,
           case .deviceApproved(let result) = response {
            return deviceApproved(result)
        }
        guard let index, case .busy(let operation) = presentation.remove(at: index) else {
            // The person pressed Esc; a sign-in that still succeeded must not linger in the backend, nor a browser
            // sign-in's listener on its port.
            if case .signIn(.success(.signedIn)) = response { return [.discardSession] }
            if case .browserSignInBegun(.success(let begun)) = response { return [.closeListener(begun)] }
            return []
        }
        return apply(response, of: operation)
    }

    private mutating func apply(_ response: OperationResponse, of operation: Operation) -> [NavigatorEffect] {
        if let error = response.failure {
            if asksForReauthentication(error, of: operation) { return requestReauthentication(for: operation) }
            if operation.kind.isStepOfReauthentication {
                reauthenticationFailed(error, of: operation)
                return []
            }
        }
        switch response {
        case .session(.success(let snapshot)):
            emailForLink = snapshot.emailForLink
            provisionedUserID = snapshot.provisionedUserID
            return signedIn(as: snapshot.user)
        case .session(.failure(let error)):
            let effects = signedIn(as: nil)
            present(.alert(.failure(error.code, of: operation)))
            return effects
        case .signIn(.success(let outcome)) where operation.kind == .reauthenticating
            || (operation.kind == .verifyingSecondFactor && awaitingReauthentication != nil):
            return reauthenticationAnswered(outcome)
        case .signIn(.success(.signedIn(let user))):
            var effects = signedIn(as: user)
            if case .emailLink? = operation.call.credential {
                emailForLink = nil
                effects.insert(.rememberEmailForLink(nil), at: 0)
            }
            return effects
        case .signIn(.success(.mfaRequired(let required))):
            authenticationState = .unauthenticated
            push(.mfaResolution(MFAResolution.State(required: required)))
        case .secondFactorCodeSent(.success(let verificationID)):
            if case .mfaResolution(var feature)? = path.last {
                feature.textMessageSent(verificationID: verificationID)
                path[path.count - 1] = .mfaResolution(feature)
            }
        case .signIn(.failure(let error)):
            authenticationState = currentUser.map { $0.isAnonymous ? .unauthenticated : .authenticated } ?? .unauthenticated
            return signInFailed(error, operation: operation)
        case .signInLinkSent(.success(let email)) where operation.kind == .sendingReauthenticationLink:
            reauthenticationLinkSent(to: email)
        case .signInLinkSent(.success(let email)):
            emailForLink = email
            present(.alert(AlertPresentation(.signInLinkSent(email: email), then: .showLinkEntry)))
            return [.rememberEmailForLink(email)]
        case .signInMethods(let result):
            return previousSignInMethodsFound(result, operation: operation)
        case .phoneCodeSent(.success(let sent)) where operation.kind == .sendingReauthenticationCode:
            reauthenticationCodeSent(sent)
        case .phoneCodeSent(.success(let sent)):
            codeSent(sent)
        case .signInProvider(.success(let provider)):
            return signInProviderFound(provider)
        case .accountUpdated(.success(let user)):
            return accountUpdated(user, by: operation)
        case .secondFactors(.success(let factors)):
            secondFactorsChanged(factors, by: operation.kind)
        case .enrollmentCodeSent(.success(let sent)):
            updateEnrollment { $0.textMessageSent(sent) }
        case .totpEnrollmentStarted(.success(let started)):
            updateEnrollment { $0.authenticatorAppStarted(started) }
        case .secondFactors(.failure(let error)) where operation.kind == .enrollingSecondFactor:
            present(.alert(.failure(error.code, of: operation)))
            updateEnrollment { $0.enrollmentFailed(error.code) }
        case .credentialLinked(.success(let user)):
            if authenticationState == .authenticated {
                path.removeAll()
                showAccount(user)
            } else {
                currentUser = user
            }
            let providerID = operation.call.credential?.providerID ?? ""
            present(.alert(AlertPresentation(.credentialLinked(providerID: providerID))))
        case .passwordRecoveryEmailSent(.success(let email)):
            present(.alert(AlertPresentation(.passwordRecoveryEmailSent(email: email), then: .showResetForm)))
        case .passwordReset(.success(let email)):
            present(.alert(AlertPresentation(.passwordResetComplete, then: .returnToSignIn(email: email))))
        case .signedOut(.success):
            let effects = signedIn(as: nil)
            if operation.kind == .deletingAccount { present(.alert(AlertPresentation(.accountDeleted))) }
            return effects
        case .inbox(.success(let messages)):
            present(.inbox(Inbox.State(messages: messages)))
        case .browserSignInBegun(.success(let begun)):
            return browserSignInBegun(begun)
        case .browserReturned, .deviceApproved:
            break
        case .deviceSignInBegun(.success(let begun)):
            return deviceSignInBegun(begun)
        case .provisioned(let result):
            return provisioned(result, of: operation)
        case .passwordRecoveryEmailSent(.failure(let error)), .passwordReset(.failure(let error)),
             .signedOut(.failure(let error)), .inbox(.failure(let error)), .signInLinkSent(.failure(let error)),
             .credentialLinked(.failure(let error)), .phoneCodeSent(.failure(let error)),
             .secondFactorCodeSent(.failure(let error)), .accountUpdated(.failure(let error)),
             .signInProvider(.failure(let error)), .secondFactors(.failure(let error)),
             .enrollmentCodeSent(.failure(let error)), .totpEnrollmentStarted(.failure(let error)),
             .browserSignInBegun(.failure(let error)), .deviceSignInBegun(.failure(let error)):
            present(.alert(.failure(error.code, of: operation)))
        }
        return []
    }

    /// Records the session's user; FirebaseUI counts an anonymous user as signed out. A real account first
    /// waits for the provisioning command, when one is configured; signing out forgets it ran.
    mutating func signedIn(as user: User?) -> [NavigatorEffect] {
        currentUser = user
        let authenticated = user.map { !$0.isAnonymous } ?? false
        authenticationState = authenticated ? .authenticated : .unauthenticated
        path.removeAll()
        presentation.removeAll()
        awaitingReauthentication = nil
        isPasswordRevealed = false
        if let user, authenticated {
            guard needsProvisioning(user) else { return showSignedIn() }
            authenticationState = .authenticating
            return start(.provision(user), as: .provisioning)
        }
        if case .picker(var picker) = root {
            picker.clearPasswords()
            picker.isGuest = user?.isAnonymous == true
            picker.focus = picker.controls.first ?? picker.focus
            root = .picker(picker)
        } else {
            root = .picker(newPicker())
        }
        guard user == nil, provisionedUserID != nil else { return [] }
        provisionedUserID = nil
        return [.rememberProvisionedUser(nil)]
    }

    /// Shows the signed-in screen; a credential kept from an earlier conflict is linked now, else the second
    /// factors are counted when the app offers them.
    mutating func showSignedIn() -> [NavigatorEffect] {
        authenticationState = .authenticated
        if let user = currentUser {
            root = .signedIn(SignedIn.State(user: user, methods: providers, showsMFAManagement: configuration.mfaEnabled))
        }
        if let credential = pendingCredential {
            pendingCredential = nil
            return start(.linkCredential(credential), as: .linkingCredential)
        }
        return configuration.mfaEnabled ? start(.loadSecondFactors, as: .loadingSecondFactors) : []
    }
}
