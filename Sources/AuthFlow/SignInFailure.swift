import AuthCore

/// A sign-in that failed, whichever screen started it: a credential that belongs to another account is kept to
/// link (or, for a guest being upgraded, the guest is given up once the person agrees), the methods the email used
/// before are looked up (legacy sign-in recovery), or the error is said.
enum SignInFailure {
    /// Codes after which an email/password sign-in may have used the wrong method (legacy recovery).
    private static let wrongMethodCodes: Set<AuthErrorCode> = [.invalidLoginCredentials, .invalidPassword,
                                                               .emailNotFound]

    static func handle(_ error: AuthError, of operation: Operation, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        let attempted = error.conflict?.credential ?? operation.call.credential
        if error.code.isConflict, let attempted {
            if navigator.isUpgradingGuest {
                // FirebaseUI's AccountConflictModifier drops the guest for the existing account without a word:
                // the person is asked first, since what they did as a guest is lost.
                navigator.present(AlertPresentation.confirmReplacingGuest(with: attempted))
                return []
            }
            // Only a credential the backend reports as colliding (not a plain "email already in use" sign-up)
            // is kept, by the picker, to link after the next sign-in.
            if let conflict = error.conflict {
                if case .picker(var picker) = navigator.root {
                    picker.pendingCredential = conflict.credential
                    navigator.root = .picker(picker)
                }
                if let email = conflict.email ?? conflict.credential.email {
                    return lookUpPreviousMethods(email: email, failure: error.code,
                                                 attempted: conflict.credential.providerID, in: &navigator)
                        ?? report(error, of: operation, in: &navigator)
                }
            }
            return report(error, of: operation, in: &navigator)
        }
        if operation.kind == .signingIn, wrongMethodCodes.contains(error.code),
           case .emailPassword(let email, _)? = attempted {
            return lookUpPreviousMethods(email: email, failure: error.code, attempted: .password, in: &navigator)
                ?? report(error, of: operation, in: &navigator)
        }
        return report(error, of: operation, in: &navigator)
    }

    private static func report(_ error: AuthError, of operation: Operation, in navigator: inout NavigatorState)
        -> [NavigatorEffect] {
        navigator.present(AlertPresentation.failure(error, of: operation))
        return []
    }

    /// Starts legacy sign-in recovery when the configuration asks for it.
    private static func lookUpPreviousMethods(email: String, failure: AuthErrorCode, attempted: ProviderID,
                                              in navigator: inout NavigatorState) -> [NavigatorEffect]? {
        guard navigator.configuration.legacyFetchSignInWithEmail, FormValidators.isValidEmail(email) else { return nil }
        return navigator.start(AuthCall.FetchSignInMethods(email: email, after: failure, attempted: attempted))
    }
}
