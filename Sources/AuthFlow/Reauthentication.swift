import AuthCore

/// FirebaseUI's `ReauthenticationCoordinator`: a call refused for an old sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN)
/// asks the person to sign in again the way they last did, then the same call runs again exactly once.
///
/// The refused call travels with the steps (`Operation.Purpose.reauthentication`, the alerts' actions, the sheets'
/// state), so nothing waits for it elsewhere: closing a sheet or leaving the second-factor screen gives it up.
/// Unlike FirebaseUI, every step is localized and no error is swallowed: a refused credential is said on the
/// sheet, which stays open; Cancel or Esc drops the refused call and changes nothing.
public struct RefusedCall: Hashable, Sendable {
    public var call: AuthCall
    /// The element that started it, which its replay answers.
    public var owner: ElementID

    public init(_ operation: Operation) {
        call = operation.call
        owner = operation.owner
    }

    /// What the call was doing, for the wording of its refusal.
    public var kind: OperationKind { call.kind }
}

extension NavigatorState {
    /// The steps of signing in again answer here, whoever started them: a call refused for an old sign-in asks for
    /// it, and the provider found, the link or code sent, the identity proven or refused move it on. Nil for other
    /// answers.
    mutating func reauthenticationStep(_ response: OperationResponse, of operation: Operation) -> [NavigatorEffect]? {
        guard case .reauthentication(let refused) = operation.purpose else {
            guard let error = response.failure, asksForReauthentication(error, of: operation) else { return nil }
            // Looks up how the session last signed in; the element that made the call keeps the steps.
            return start(AuthCall.FetchSignInProvider(),
                         purpose: .reauthentication(RefusedCall(operation)), by: operation.owner)
        }
        if let error = response.failure {
            reauthenticationFailed(error, of: operation)
            return []
        }
        if let outcome = response.output(SignInOutcome.self) {
            return reauthenticationAnswered(outcome, of: operation, for: refused)
        }
        if let sent = response.output(PhoneCodeSent.self) {
            reauthenticationCodeSent(sent, by: operation.owner, for: refused)
        } else if let provider = response.output(String.self), operation.call.base is AuthCall.FetchSignInProvider {
            return signInProviderFound(ProviderID(rawValue: provider), for: refused)
        } else if let email = response.output(String.self) {
            present(EmailLinkReauthSheet.State(email: email, refused: refused))
        }
        return []
    }

    /// Whether a failed call should ask for a fresh sign-in rather than report the error: a call the person asked
    /// for (not a step of signing in again, nor its single replay), while someone is signed in.
    private func asksForReauthentication(_ error: AuthError, of operation: Operation) -> Bool {
        error.code == .credentialTooOldLoginAgain && operation.purpose == .request && currentUser != nil
    }

    /// The sheet (password) or the alert before it (email link, phone, identity provider) for `provider`.
    private mutating func signInProviderFound(_ provider: ProviderID, for refused: RefusedCall) -> [NavigatorEffect] {
        let user = currentUser
        let cancel = AlertButton(.cancel, .dismiss)
        let step = Operation.Purpose.reauthentication(refused)
        switch provider {
        case .password where user?.email != nil:
            present(PasswordReauthSheet.State(email: user?.email ?? "", refused: refused))
        case .emailLink where user?.email != nil:
            let email = user?.email ?? ""
            let send = AlertButton(.continue, .start(AuthCall.SendSignInLink(email: email), purpose: step))
            present(AlertPresentation(.reauthenticateWithEmailLink(email: email), buttons: [send, cancel]))
        case .phone where user?.phoneNumber != nil:
            let number = user?.phoneNumber ?? ""
            let send = AlertButton(.sendCode, .start(AuthCall.VerifyPhoneNumber(phoneNumber: number), purpose: step))
            present(AlertPresentation(.reauthenticateWithPhone(phoneNumber: number), buttons: [send, cancel]))
        default:
            guard let button = identityProviderButton(providerID: provider) else {
                // No sheet can prove the last sign-in (a method no longer configured): the refusal is reported.
                present(AlertPresentation(.error(.credentialTooOldLoginAgain, during: refused.kind)))
                return []
            }
            let proceed = AlertButton(.continue, .reauthenticateWith(button, refused))
            present(AlertPresentation(.reauthenticateWithProvider(providerID: provider), buttons: [proceed, cancel]))
        }
        return []
    }

    private func identityProviderButton(providerID: ProviderID) -> IdentityProviderButton? {
        for case .identityProvider(let button) in providers where ProviderID(rawValue: button.providerID) == providerID {
            return button
        }
        return nil
    }

    /// Cancel or Esc on a sheet: it closes and the refused call is dropped; nothing changed.
    mutating func cancelReauthentication(_ sheet: ElementID) -> [NavigatorEffect] {
        remove(sheet)
        isPasswordRevealed = false
        return []
    }

    /// Signing in again answered: the identity is proven, or its second factor is asked first on the
    /// resolution screen, after which the refused call still runs again.
    private mutating func reauthenticationAnswered(_ outcome: SignInOutcome, of operation: Operation,
                                                   for refused: RefusedCall) -> [NavigatorEffect] {
        authenticationState = .authenticated
        switch outcome {
        case .signedIn(let user):
            return reauthenticated(as: user, closing: operation.owner, for: refused)
        case .mfaRequired(let required):
            _ = cancelReauthentication(operation.owner)
            push(MFAResolution.State(required: required, reauthenticating: refused))
            return []
        }
    }

    /// The identity was proven: the sheet (or the second-factor screen) that proved it closes, and the refused call
    /// runs again, once, for the element that made it.
    private mutating func reauthenticated(as user: User, closing prover: ElementID,
                                          for refused: RefusedCall) -> [NavigatorEffect] {
        currentUser = user
        _ = cancelReauthentication(prover)
        return start(refused.call, purpose: .replay, by: refused.owner)
    }

    /// A step failed: a refused secret is cleared on the sheet (or screen) that sent it, which stays open under an
    /// alert that says why.
    private mutating func reauthenticationFailed(_ error: AuthError, of operation: Operation) {
        if authenticationState == .authenticating { authenticationState = .authenticated }
        _ = reduce(operation.owner) { feature, _, _ in feature.credentialRejected(error.code) }
        present(AlertPresentation.failure(error.code, of: operation))
    }

    /// The reauthentication code went out: the code sheet waits for it; sent again from that sheet, its countdown
    /// restarts.
    private mutating func reauthenticationCodeSent(_ sent: PhoneCodeSent, by sender: ElementID,
                                                   for refused: RefusedCall) {
        let sheet = VerificationCode.State(verificationID: sent.verificationID, phoneNumber: sent.phoneNumber,
                                           sentAt: sent.sentAt, reauthenticating: refused)
        if case .layer(let id) = sender, presentation[id: id]?.feature is VerificationCode.State {
            presentation[id: id] = Presentation(sheet)
        } else {
            present(sheet)
        }
    }
}
