import AuthCore

extension NavigatorState {
    /// Codes after which an email/password sign-in may have used the wrong method (legacy recovery).
    static let wrongMethodCodes: Set<AuthErrorCode> = [.invalidLoginCredentials, .invalidPassword, .emailNotFound]

    /// A failed sign-in: resolve a conflict, look for a previous method, or report the error.
    mutating func signInFailed(_ error: AuthError, operation: Operation) -> [NavigatorEffect] {
        let attempted = error.conflict?.credential ?? operation.call.credential
        if error.code.isConflict, let attempted {
            if isUpgradingGuest {
                // FirebaseUI's AccountConflictModifier drops the guest for the existing account without a word:
                // the person is asked first, since what they did as a guest is lost.
                present(AlertPresentation.confirmReplacingGuest(with: attempted))
                return []
            }
            // Only a credential the backend reports as colliding (not a plain "email already in use" sign-up)
            // is kept to link after the next sign-in.
            if let conflict = error.conflict {
                if case .picker(var picker) = root {
                    picker.pendingCredential = conflict.credential
                    root = .picker(picker)
                }
                if let email = conflict.email ?? conflict.credential.email {
                    return lookUpPreviousMethods(email: email, failure: error.code,
                                                 attempted: conflict.credential.providerID)
                        ?? report(error, of: operation)
                }
            }
            return report(error, of: operation)
        }
        if operation.kind == .signingIn, Self.wrongMethodCodes.contains(error.code),
           case .emailPassword(let email, _)? = attempted {
            return lookUpPreviousMethods(email: email, failure: error.code, attempted: .password)
                ?? report(error, of: operation)
        }
        return report(error, of: operation)
    }

    private mutating func report(_ error: AuthError, of operation: Operation) -> [NavigatorEffect] {
        present(AlertPresentation.failure(error.code, of: operation))
        return []
    }

    /// Starts legacy sign-in recovery when the configuration asks for it.
    private mutating func lookUpPreviousMethods(email: String, failure: AuthErrorCode,
                                                attempted: ProviderID) -> [NavigatorEffect]? {
        guard configuration.legacyFetchSignInWithEmail, FormValidators.isValidEmail(email) else { return nil }
        return start(AuthCall.FetchSignInMethods(email: email, after: failure, attempted: attempted))
    }

    /// FirebaseUI's `tryPresentLegacySignInRecovery`: offer the enabled methods the email used before.
    mutating func previousSignInMethodsFound(_ methods: [String], after lookUp: AuthCall.FetchSignInMethods)
        -> [NavigatorEffect] {
        let (email, failure, attempted) = (lookUp.email, lookUp.failure, lookUp.attemptedProviderID)
        var options: [LegacySignInOption] = []
        var unavailable: [ProviderID] = []
        for method in methods.map(ProviderID.init(rawValue:)) where method != attempted {
            if let option = legacyOption(for: method) {
                if !options.contains(option) { options.append(option) }
            } else {
                unavailable.append(method)
            }
        }
        guard !options.isEmpty else {
            present(AlertPresentation(.error(failure, during: .signingIn)))
            return []
        }
        present(LegacyRecoverySheet.State(email: email, options: options, unavailableProviderIDs: unavailable))
        return []
    }

    private func legacyOption(for method: ProviderID) -> LegacySignInOption? {
        switch method {
        case .password: return providers.contains(.email) ? .emailPassword : nil
        case .emailLink: return providers.contains(.emailLink) ? .emailLink : nil
        case .phone: return providers.contains(.phone) ? .phone : nil
        default:
            for case .identityProvider(let button) in providers where ProviderID(rawValue: button.providerID) == method {
                return .identityProvider(button)
            }
            return nil
        }
    }
}
