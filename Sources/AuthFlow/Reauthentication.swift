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

/// What a reauthentication sheet (password, email link) asks of the steps.
public enum ReauthenticationSheetRequest: Hashable, Sendable {
    /// Prove who is signed in with this credential; the refused call then runs again.
    case reauthenticate(AuthCredential)
    /// Send the proof again (FirebaseUI's EmailLinkReauthView "Resend"): the call that sent it.
    case sendAgain(AuthCall)
    /// Close the sheet and drop the refused call.
    case cancel
}

/// The steps of signing in again, for whichever element's call was refused.
enum Reauthentication {
    /// A sheet's request, for the refused call it carries: every reauthentication sheet's `asked`.
    static func asked(_ request: ReauthenticationSheetRequest, by sheet: ElementID, for refused: RefusedCall,
                      in navigator: inout NavigatorState) -> [NavigatorEffect] {
        switch request {
        case .reauthenticate(let credential):
            navigator.start(AuthCall.Reauthenticate(credential), purpose: .reauthentication(refused))
        case .sendAgain(let call):
            navigator.start(call, purpose: .reauthentication(refused))
        case .cancel:
            cancel(sheet, in: &navigator)
        }
    }

    /// The steps answer here, whoever started them: a call refused for an old sign-in asks for a sign-in again, and
    /// the provider found, the link or code sent, the identity proven or refused move it on. Nil for other answers.
    static func step(_ response: OperationResponse, of operation: Operation,
                     in navigator: inout NavigatorState) -> [NavigatorEffect]? {
        guard case .reauthentication(let refused) = operation.purpose else {
            guard let error = response.failure, asks(after: error, of: operation, in: navigator) else { return nil }
            // Looks up how the session last signed in; the element that made the call keeps the steps.
            let refused = IdentityProviderHandoff.replayable(RefusedCall(operation), in: navigator)
            return navigator.start(AuthCall.FetchSignInProvider(), purpose: .reauthentication(refused),
                                   by: operation.owner)
        }
        if let error = response.failure {
            failed(error, of: operation, in: &navigator)
            return []
        }
        if let outcome = response.output(SignInOutcome.self) {
            return answered(outcome, of: operation, for: refused, in: &navigator)
        }
        if let sent = response.output(PhoneCodeSent.self) {
            codeSent(sent, by: operation.owner, for: refused, in: &navigator)
        } else if let provider = response.output(String.self), operation.call.base is AuthCall.FetchSignInProvider {
            return providerFound(ProviderID(rawValue: provider), by: operation.owner, for: refused, in: &navigator)
        } else if let methods = response.output([String].self),
                  operation.call.base is AuthCall.FetchEmailSignInMethods {
            emailMethodsFound(methods.map(ProviderID.init(rawValue:)), for: refused, in: &navigator)
        } else if let email = response.output(String.self) {
            linkSent(to: email, by: operation.owner, for: refused, in: &navigator)
        }
        return []
    }

    /// Whether a failed call should ask for a fresh sign-in rather than report the error: a call the person asked
    /// for (not a step of signing in again, nor its single replay), while someone is signed in.
    private static func asks(after error: AuthError, of operation: Operation, in navigator: NavigatorState) -> Bool {
        error.code == .credentialTooOldLoginAgain && operation.purpose == .request && navigator.currentUser != nil
    }

    /// The sheet (password) or the alert before it (email link, phone, identity provider) for `provider`, the last
    /// sign-in's; a `password` sign-in, which an emailed link's is too, first looks up the account's methods.
    private static func providerFound(_ provider: ProviderID, by owner: ElementID, for refused: RefusedCall,
                                      in navigator: inout NavigatorState) -> [NavigatorEffect] {
        let user = navigator.currentUser
        let cancel = AlertButton(.cancel, .dismiss)
        let step = Operation.Purpose.reauthentication(refused)
        switch provider {
        case .password where user?.email != nil:
            return navigator.start(AuthCall.FetchEmailSignInMethods(email: user?.email ?? ""), purpose: step, by: owner)
        case .emailLink where user?.email != nil:
            askForEmailLink(for: refused, in: &navigator)
        case .phone where user?.phoneNumber != nil:
            let number = user?.phoneNumber ?? ""
            let send = AlertButton(.sendCode, .start(AuthCall.VerifyPhoneNumber(phoneNumber: number), purpose: step))
            navigator.present(AlertPresentation(.reauthenticateWithPhone(phoneNumber: number), buttons: [send, cancel]))
        default:
            guard let button = navigator.identityProviderButton(provider) else {
                // No sheet can prove the last sign-in (a method no longer configured): the refusal is reported.
                navigator.present(AlertPresentation(.error(.credentialTooOldLoginAgain, during: refused.kind)))
                return []
            }
            let proceed = AlertButton(.continue, .reauthenticateWith(button, refused))
            navigator.present(AlertPresentation(.reauthenticateWithProvider(providerID: provider),
                                                buttons: [proceed, cancel]))
        }
        return []
    }

    /// The account's sign-in methods for its email: one with only an emailed link gets one; a password (with or
    /// without a link, as FirebaseUI, which keeps no "signed in by link" flag here) or no methods said (Firebase's
    /// email-enumeration protection) get the password sheet.
    private static func emailMethodsFound(_ methods: [ProviderID], for refused: RefusedCall,
                                          in navigator: inout NavigatorState) {
        if methods.contains(.emailLink), !methods.contains(.password) {
            askForEmailLink(for: refused, in: &navigator)
        } else {
            navigator.present(PasswordReauthSheet.State(email: navigator.currentUser?.email ?? "", refused: refused))
        }
    }

    /// The alert before an emailed link: Continue sends it, Cancel drops the refused call.
    private static func askForEmailLink(for refused: RefusedCall, in navigator: inout NavigatorState) {
        let email = navigator.currentUser?.email ?? ""
        let call = AuthCall.SendSignInLink(email: email)
        let send = AlertButton(.continue, .start(call, purpose: .reauthentication(refused)))
        navigator.present(AlertPresentation(.reauthenticateWithEmailLink(email: email),
                                            buttons: [send, AlertButton(.cancel, .dismiss)]))
    }

    /// Cancel or Esc on a sheet: it closes and the refused call is dropped; nothing changed.
    static func cancel(_ sheet: ElementID, in navigator: inout NavigatorState) -> [NavigatorEffect] {
        navigator.remove(sheet)
        navigator.isPasswordRevealed = false
        return []
    }

    /// Signing in again answered: the identity is proven, or its second factor is asked first on the resolution
    /// screen, after which the refused call still runs again.
    private static func answered(_ outcome: SignInOutcome, of operation: Operation, for refused: RefusedCall,
                                 in navigator: inout NavigatorState) -> [NavigatorEffect] {
        navigator.authenticationState = .authenticated
        switch outcome {
        case .signedIn(let user):
            // The sheet (or the second-factor screen) that proved it closes; the refused call runs again, once, for
            // the element that made it.
            navigator.currentUser = user
            _ = cancel(operation.owner, in: &navigator)
            return navigator.start(refused.call, purpose: .replay, by: refused.owner)
        case .mfaRequired(let required):
            _ = cancel(operation.owner, in: &navigator)
            navigator.push(MFAResolution.State(required: required, reauthenticating: refused))
            return []
        }
    }

    /// A step failed: a refused secret is cleared on the sheet (or screen) that sent it, which stays open under an
    /// alert that says why.
    private static func failed(_ error: AuthError, of operation: Operation, in navigator: inout NavigatorState) {
        if navigator.authenticationState == .authenticating { navigator.authenticationState = .authenticated }
        _ = navigator.reduce(operation.owner) { feature, _, _ in feature.credentialRejected(error.code) }
        navigator.present(AlertPresentation.failure(error, of: operation))
    }

    /// The reauthentication link went out: the sheet waits for it; sent again from that sheet, the sheet starts
    /// afresh rather than stacking a second one.
    private static func linkSent(to email: String, by sender: ElementID, for refused: RefusedCall,
                                 in navigator: inout NavigatorState) {
        let sheet = EmailLinkReauthSheet.State(email: email, refused: refused)
        if case .layer(let id) = sender, navigator.presentation[id: id]?.feature is EmailLinkReauthSheet.State {
            navigator.presentation[id: id] = Presentation(sheet)
        } else {
            navigator.present(sheet)
        }
    }

    /// The reauthentication code went out: the code sheet waits for it; sent again from that sheet, its countdown
    /// restarts.
    private static func codeSent(_ sent: PhoneCodeSent, by sender: ElementID, for refused: RefusedCall,
                                 in navigator: inout NavigatorState) {
        let sheet = VerificationCode.State(verificationID: sent.verificationID, phoneNumber: sent.phoneNumber,
                                           sentAt: sent.sentAt, reauthenticating: refused)
        if case .layer(let id) = sender, navigator.presentation[id: id]?.feature is VerificationCode.State {
            navigator.presentation[id: id] = Presentation(sheet)
        } else {
            navigator.present(sheet)
        }
    }
}
