import AuthCore

/// The session: who is signed in, and what a sign-in's answer does wherever it was started from (FirebaseUI's
/// `AuthPickerView` owns it, whichever screen it shows).
extension NavigatorState {
    /// The root's answers: the session, sign-ins and sign-out, provisioning, linking, the account's calls, and the
    /// browser and device sign-ins that begin for a sign-in, a link or a reauthentication.
    mutating func receiveAtRoot(_ response: OperationResponse, of operation: Operation) -> [NavigatorEffect]? {
        if let effects = signInAnswered(response, of: operation) { return effects }
        let call = operation.call.base
        if call is AuthCall.LoadSession {
            guard let snapshot = response.output(SessionSnapshot.self) else {
                let effects = signedIn(as: nil)
                if let error = response.failure { present(AlertPresentation.failure(error, of: operation)) }
                return effects
            }
            emailForLink = snapshot.emailForLink
            return signedIn(as: snapshot.user, provisioned: snapshot.provisionedUserID)
        }
        guard response.failure == nil else { return nil }
        if call is AuthCall.SignOut || call is AuthCall.DeleteAccount {
            let effects = signedIn(as: nil)
            if call is AuthCall.DeleteAccount { present(AlertPresentation(.accountDeleted)) }
            return effects
        }
        if let outcome = response.output(ProvisioningOutcome.self) { return provisioned(outcome, of: operation) }
        if let user = response.output(User.self) {
            SignedIn.accountUpdated(user, by: call, in: &self)
            return []
        }
        if let factors = response.output([MultiFactorInfo].self) {
            MFAManagement.factorsChanged(factors, in: &self)
            return []
        }
        if let begun = response.output(BrowserSignIn.Start.self), let call = call as? AuthCall.BeginBrowserSignIn {
            return BrowserSignIn.begun(begun, for: call.use, in: &self)
        }
        if let begun = response.output(DeviceSignIn.Start.self), let call = call as? AuthCall.BeginDeviceSignIn {
            return DeviceSignIn.begun(begun, for: call.use, in: &self)
        }
        return nil
    }

    /// What a sign-in's answer does, whichever screen started it: the session begins (or a second factor is
    /// asked), a conflict is resolved, a previous method is looked up, a kept credential is linked. Nil for other
    /// answers.
    mutating func signInAnswered(_ response: OperationResponse, of operation: Operation) -> [NavigatorEffect]? {
        if let lookUp = operation.call.base as? AuthCall.FetchSignInMethods {
            return LegacyRecoverySheet.offer(response.output([String].self) ?? [], after: lookUp, in: &self)
        }
        if operation.call.base is AuthCall.LinkCredential, let user = response.output(User.self) {
            credentialLinked(user, by: operation)
            return []
        }
        guard operation.call.answers(SignInOutcome.self) else { return nil }
        let outcome = response.output(SignInOutcome.self)
        var effects: [NavigatorEffect] = []
        if outcome != nil, case .emailLink? = operation.call.credential {
            // The link is used up, also when a second factor is asked for next: its address is not needed again.
            emailForLink = nil
            effects.append(.rememberEmailForLink(nil))
        }
        switch outcome {
        case .signedIn(let user)?:
            return effects + signedIn(as: user)
        case .mfaRequired(let required)?:
            authenticationState = .unauthenticated
            push(MFAResolution.State(required: required))
            return effects
        case nil:
            authenticationState = currentUser.map { $0.isAnonymous ? .unauthenticated : .authenticated }
                ?? .unauthenticated
            return response.failure.map { SignInFailure.handle($0, of: operation, in: &self) } ?? []
        }
    }

    /// A credential was linked: the account screen shows it (a guest stays on the picker) and says so.
    private mutating func credentialLinked(_ user: User, by operation: Operation) {
        if authenticationState == .authenticated {
            path.removeAll()
            showAccount(user)
        } else {
            currentUser = user
        }
        let providerID = operation.call.credential?.providerID ?? ProviderID(rawValue: "")
        present(AlertPresentation(.credentialLinked(providerID: providerID)))
    }

    /// Records the session's user; FirebaseUI counts an anonymous user as signed out. A real account first
    /// waits for the provisioning command, when one is configured and has not succeeded for it (`provisioned`);
    /// signing out forgets it ran.
    mutating func signedIn(as user: User?, provisioned: String? = nil) -> [NavigatorEffect] {
        var forgetsProvisioning = false
        if case .signedIn(let account) = root { forgetsProvisioning = user == nil && account.provisionedUserID != nil }
        currentUser = user
        let authenticated = user.map { !$0.isAnonymous } ?? false
        authenticationState = authenticated ? .authenticated : .unauthenticated
        path.removeAll()
        presentation.removeAll()
        isPasswordRevealed = false
        if let user, authenticated {
            guard configuration.provisioning != nil, provisioned != user.uid else {
                return showSignedIn(provisioned: provisioned)
            }
            authenticationState = .authenticating
            return start(AuthCall.Provision(user))
        }
        if case .picker(var picker) = root {
            picker.clearPasswords()
            picker.isGuest = user?.isAnonymous == true
            picker.focus = picker.controls.first ?? picker.focus
            root = .picker(picker)
        } else {
            root = .picker(newPicker())
        }
        return forgetsProvisioning ? [.rememberProvisionedUser(nil)] : []
    }

    /// Shows the signed-in screen; a credential the picker kept from an earlier conflict is linked now, else the
    /// second factors are counted when the app offers them.
    mutating func showSignedIn(provisioned: String?) -> [NavigatorEffect] {
        authenticationState = .authenticated
        let pendingCredential = picker?.pendingCredential
        if let user = currentUser {
            root = .signedIn(SignedIn.State(user: user, methods: providers,
                                            showsMFAManagement: configuration.mfaEnabled,
                                            provisionedUserID: provisioned))
        }
        if let credential = pendingCredential {
            return start(AuthCall.LinkCredential(credential))
        }
        return configuration.mfaEnabled ? start(AuthCall.LoadSecondFactors()) : []
    }
}
