import AuthCore

/// Why the configured provisioning command did not set the account up.
public enum ProvisioningFailure: Error, Hashable, Sendable {
    /// It ended with a non-zero status (or signal, as 128 + n); `message` is the last line it wrote to
    /// standard error, sanitized, empty when it wrote none.
    case exited(status: Int32, message: String)
    /// It could not be started at all.
    case couldNotStart
    /// The backend could not give what the command receives (the ID token).
    case backend(AuthErrorCode)
}

/// What the provisioning command did for a user who signed in.
public enum ProvisioningOutcome: Hashable, Sendable {
    case provisioned(uid: String)
    case failed(ProvisioningFailure)
}

extension NavigatorState {
    /// The provisioning command finished: a success shows the signed-in screen and is remembered; a failure
    /// offers Retry (the same call) and Sign out.
    mutating func provisioned(_ outcome: ProvisioningOutcome, of operation: Operation) -> [NavigatorEffect] {
        switch outcome {
        case .provisioned(let uid):
            return [.rememberProvisionedUser(uid)] + showSignedIn(provisioned: uid)
        case .failed(let failure):
            present(AlertPresentation(.provisioningFailed(failure),
                                      buttons: [AlertButton(.retry, .retry(operation)), AlertButton(.signOut, .signOut)],
                                      escapeAction: .signOut))
            return []
        }
    }
}
