import AuthCore

/// One call to the backend, without its operation id: the exact thing an operation started and Retry sends again.
public enum AuthCall: Hashable, Sendable {
    case loadSession
    case signIn(email: String, password: String)
    case createUser(email: String, password: String)
    case sendPasswordRecoveryEmail(email: String)
    /// `codeOrLink` is what the person pasted: the code alone or the whole emailed link.
    case resetPassword(codeOrLink: String, newPassword: String)
    case signOut
    case signInAnonymously
    /// Sign in with a credential (or link it to a guest, when upgrading guests).
    case signInWithCredential(AuthCredential)
    /// Sign the guest out and sign in with a credential that belongs to another account.
    case replaceGuestAndSignIn(AuthCredential)
    /// Link a credential kept from an earlier conflict to the signed-in user.
    case linkCredential(AuthCredential)
    case sendSignInLink(email: String)
    case fetchSignInMethods(email: String)
    /// Send an SMS code to an E.164 number.
    case verifyPhoneNumber(phoneNumber: String)
    case loadInbox
    /// Send the text message of a second factor (a phone hint) to finish a sign-in.
    case sendSecondFactorCode(MFARequired, hintUID: String)
    /// Finish a sign-in with its second factor.
    case resolveSecondFactor(MFARequired, MultiFactorAssertion)
    /// Email the signed-in user a link that verifies their address.
    case sendEmailVerification
    /// Apply the code of a verification email (the code alone or the whole link), then read the account again.
    case applyActionCode(codeOrLink: String)
    case updatePassword(String)
    /// Save the display name and photo URL (nil removes one).
    case updateProfile(displayName: String?, photoURL: String?)
    case unlink(providerID: String)
    case deleteAccount
    /// Read which method the session last signed in with (the ID token's `sign_in_provider`).
    case fetchSignInProvider
    /// Prove again who is signed in, so a call refused for an old sign-in can run again.
    case reauthenticate(AuthCredential)
    /// Listen on a loopback port and ask the backend where the browser should sign in with a provider.
    case beginBrowserSignIn(IdentityProviderButton)
    /// Wait (without a busy layer) for the browser to come back to a sign-in's listener.
    case awaitBrowserReturn(BrowserSignIn.Start)
    /// Ask a provider for a device code to show (its button names a device client).
    case beginDeviceSignIn(IdentityProviderButton)
    /// Poll the provider (without a busy layer) until the person approves the code shown.
    case awaitDeviceApproval(DeviceSignIn.Start)
    /// Run the configured provisioning command for a user who just signed in.
    case provision(User)
    /// The signed-in user's enrolled second factors.
    case loadSecondFactors
    /// Remove an enrolled second factor, then list the rest.
    case removeSecondFactor(uid: String)
    /// Text the code that proves a number to enrol as a second factor.
    case startPhoneEnrollment(phoneNumber: String)
    /// Get a new authenticator-app secret and its `otpauth://` URL naming `accountName` and `issuer`.
    case startTOTPEnrollment(accountName: String, issuer: String)
    /// Enrol a second factor with its code, then list the factors.
    case enrollSecondFactor(MultiFactorAssertion, displayName: String?)
}

extension AuthCall {
    /// Whether Esc may abandon the call. Signing out and linking change the account on the backend; the screen
    /// waits for them so that it never disagrees with the backend.
    public var canBeAbandoned: Bool {
        switch self {
        case .signOut, .linkCredential, .replaceGuestAndSignIn, .updatePassword, .unlink, .deleteAccount, .provision: false
        default: true
        }
    }

    /// The credential a sign-in or link call uses (kept to resolve a conflict it may hit).
    public var credential: AuthCredential? {
        switch self {
        case .signIn(let email, let password), .createUser(let email, let password):
            .emailPassword(email: email, password: password)
        case .signInWithCredential(let credential), .replaceGuestAndSignIn(let credential),
             .linkCredential(let credential), .reauthenticate(let credential):
            credential
        default:
            nil
        }
    }
}

extension AuthCall: CustomStringConvertible {
    /// Names the call without any password or code.
    public var description: String {
        switch self {
        case .loadSession: "loadSession"
        case .signIn(let email, _): "signIn(\(email))"
        case .createUser(let email, _): "createUser(\(email))"
        case .sendPasswordRecoveryEmail(let email): "sendPasswordRecoveryEmail(\(email))"
        case .resetPassword: "resetPassword"
        case .signOut: "signOut"
        case .signInAnonymously: "signInAnonymously"
        case .signInWithCredential(let credential): "signInWithCredential(\(credential))"
        case .replaceGuestAndSignIn(let credential): "replaceGuestAndSignIn(\(credential))"
        case .linkCredential(let credential): "linkCredential(\(credential))"
        case .sendSignInLink(let email): "sendSignInLink(\(email))"
        case .fetchSignInMethods(let email): "fetchSignInMethods(\(email))"
        case .verifyPhoneNumber(let number): "verifyPhoneNumber(\(number))"
        case .loadInbox: "loadInbox"
        case .sendSecondFactorCode(_, let hintUID): "sendSecondFactorCode(\(hintUID))"
        case .resolveSecondFactor: "resolveSecondFactor"
        case .sendEmailVerification: "sendEmailVerification"
        case .applyActionCode: "applyActionCode"
        case .updatePassword: "updatePassword"
        case .updateProfile: "updateProfile"
        case .unlink(let providerID): "unlink(\(providerID))"
        case .deleteAccount: "deleteAccount"
        case .fetchSignInProvider: "fetchSignInProvider"
        case .reauthenticate(let credential): "reauthenticate(\(credential))"
        case .beginBrowserSignIn(let button): "beginBrowserSignIn(\(button.providerID))"
        case .awaitBrowserReturn(let start): "awaitBrowserReturn(\(start.button.providerID))"
        case .beginDeviceSignIn(let button): "beginDeviceSignIn(\(button.providerID))"
        case .awaitDeviceApproval(let start): "awaitDeviceApproval(\(start.button.providerID))"
        case .provision(let user): "provision(\(user.uid))"
        case .loadSecondFactors: "loadSecondFactors"
        case .removeSecondFactor(let uid): "removeSecondFactor(\(uid))"
        case .startPhoneEnrollment(let number): "startPhoneEnrollment(\(number))"
        case .startTOTPEnrollment(let account, let issuer): "startTOTPEnrollment(\(account), \(issuer))"
        case .enrollSecondFactor: "enrollSecondFactor"
        }
    }
}
