import AuthCore

extension NavigatorState {
    /// Error codes that mean "this credential belongs to another account".
    static let conflictCodes: Set<AuthErrorCode> = [
        .emailExists, .credentialAlreadyInUse, .federatedUserIdAlreadyLinked, .phoneNumberExists,
        .accountExistsWithDifferentCredential,
    ]

    /// Codes after which an email/password sign-in may have used the wrong method (legacy recovery).
    static let wrongMethodCodes: Set<AuthErrorCode> = [.invalidLoginCredentials, .invalidPassword, .emailNotFound]

    /// A failed sign-in: resolve a conflict, look for a previous method, or report the error.
    mutating func signInFailed(_ error: AuthError, operation: Operation) -> [NavigatorEffect] {
        let attempted = error.conflict?.credential ?? operation.credential
        if Self.conflictCodes.contains(error.code), let attempted {
            if isUpgradingGuest {
                // FirebaseUI's AccountConflictModifier: the guest is dropped for the existing account.
                return [.replaceGuestAndSignIn(operationID: begin(.signingIn, credential: attempted), attempted)]
            }
            // Only a credential the backend reports as colliding (not a plain "email already in use" sign-up)
            // is kept to link after the next sign-in.
            if let conflict = error.conflict {
                pendingCredential = conflict.credential
                if let email = conflict.email ?? conflict.credential.email {
                    return lookUpPreviousMethods(email: email, failure: error.code,
                                                 attempted: conflict.credential.providerID)
                        ?? report(error, during: operation.kind)
                }
            }
            return report(error, during: operation.kind)
        }
        if operation.kind == .signingIn, Self.wrongMethodCodes.contains(error.code),
           case .emailPassword(let email, _)? = attempted {
            return lookUpPreviousMethods(email: email, failure: error.code, attempted: "password")
                ?? report(error, during: operation.kind)
        }
        return report(error, during: operation.kind)
    }

    private mutating func report(_ error: AuthError, during kind: OperationKind) -> [NavigatorEffect] {
        alert = .error(error.code, during: kind)
        if error.code == .invalidCode, case .enterVerificationCode? = authView {
            // A wrong code is of no further use: clear it for the next try.
            phone.code = TextInput()
            focus = .verificationCodeField
        }
        return []
    }

    /// Starts legacy sign-in recovery when the configuration asks for it.
    private mutating func lookUpPreviousMethods(email: String, failure: AuthErrorCode,
                                                attempted: String) -> [NavigatorEffect]? {
        guard configuration.legacyFetchSignInWithEmail, FormValidators.isValidEmail(email) else { return nil }
        let kind = OperationKind.checkingPreviousSignInMethods(email: email, failure: failure,
                                                               attemptedProviderID: attempted)
        return [.fetchSignInMethods(operationID: begin(kind), email: email)]
    }

    /// FirebaseUI's `tryPresentLegacySignInRecovery`: offer the enabled methods the email used before.
    mutating func previousSignInMethodsFound(_ result: Result<[String], AuthError>,
                                             operation: Operation) -> [NavigatorEffect] {
        guard case .checkingPreviousSignInMethods(let email, let failure, let attempted) = operation.kind else {
            return []
        }
        let methods = (try? result.get()) ?? []
        var options: [LegacySignInOption] = []
        var unavailable: [String] = []
        for method in methods where method != attempted {
            if let option = legacyOption(for: method) {
                if !options.contains(option) { options.append(option) }
            } else {
                unavailable.append(method)
            }
        }
        guard !options.isEmpty else {
            alert = .error(failure, during: .signingIn)
            return []
        }
        openSheet(.legacyRecovery(LegacyRecoveryState(email: email, options: options,
                                                      unavailableProviderIDs: unavailable)))
        return []
    }

    private func legacyOption(for method: String) -> LegacySignInOption? {
        switch method {
        case "password": return providers.contains(.email) ? .emailPassword : nil
        case "emailLink": return providers.contains(.emailLink) ? .emailLink : nil
        case "phone": return providers.contains(.phone) ? .phone : nil
        default:
            for case .identityProvider(let button) in providers where button.providerID == method {
                return .identityProvider(button)
            }
            return nil
        }
    }

    /// A legacy recovery choice: go to that method with the email filled in.
    mutating func chooseLegacyOption(at index: Int) -> [NavigatorEffect] {
        guard case .legacyRecovery(let recovery) = sheet, recovery.options.indices.contains(index) else { return [] }
        let beneath = focusBeneathSheet
        sheet = nil
        focusBeneathSheet = nil
        routes.removeAll()
        authenticationFlow = .signIn
        switch recovery.options[index] {
        case .emailPassword:
            picker.email = TextInput(recovery.email)
            picker.password = TextInput()
            focus = .passwordField
        case .emailLink:
            openEmailLink(email: recovery.email)
        case .phone:
            return select(.phone)
        case .identityProvider(let button):
            sheet = .identityProvider(IdentityProviderForm(button: button, email: recovery.email))
            focusBeneathSheet = beneath
            focus = .identityProviderEmailField
        }
        return []
    }
}

extension AuthCredential {
    /// The email a credential carries, when it carries one.
    var email: String? {
        switch self {
        case .emailPassword(let email, _), .emailLink(let email, _): email
        case .identityProvider(let credential): credential.simulatedProfile?.email
        case .phone: nil
        }
    }
}
