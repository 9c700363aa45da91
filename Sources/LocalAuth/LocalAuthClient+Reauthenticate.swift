import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// Proves again that the signed-in person holds `credential`; on success the session's auth time becomes
    /// now and its sign-in provider the credential's (the store's too, while it is still this account's).
    ///
    /// Errors: USER_NOT_FOUND (signed out); the credential's sign-in errors (wrong password, bad code, …);
    /// USER_MISMATCH when the credential is valid but belongs to someone else. A sign-in link or SMS code is used
    /// up only on success. An account with second factors answers `.mfaRequired`: the session changes only once
    /// `resolveSignIn` proves one.
    public func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome {
        let outcome: LocalSignInOutcome = switch credential {
        case .emailPassword(let email, let password): try await reauthenticate(email: email, password: password)
        case .emailLink(let email, let link): try await reauthenticate(email: email, link: link)
        case .phone(let verificationID, let code):
            try await reauthenticate(phoneVerificationID: verificationID, code: code)
        case .identityProvider(let identity): try await reauthenticate(identity: identity)
        }
        return adopt(outcome)
    }

    private func reauthenticate(email: String, password: String) async throws(AuthError) -> LocalSignInOutcome {
        try await perform { () throws(AuthError) -> LocalSignInOutcome in
            let emailKey = try Credentials.emailKey(email)
            try Credentials.requirePassword(password)
            let binding = try self.binding()
            let uid = try self.sessionUID()
            let now = self.engine.clock()
            let account = try self.engine.passwordAccount(emailKey: emailKey, password: password, at: now)
            return try self.engine.write { store throws(AuthError) in
                _ = try store.requireAccount(uid: uid)
                guard account.uid == uid else { throw Self.userMismatch }
                try store.clearFailedSignIns(emailKey: emailKey)
                return try binding.signIn(account, provider: ProviderID.password.rawValue, at: now, isNewUser: false,
                                          in: store)
            }
        }
    }

    private func reauthenticate(email: String, link: String) async throws(AuthError) -> LocalSignInOutcome {
        try await perform { () throws(AuthError) -> LocalSignInOutcome in
            let emailKey = try Credentials.emailKey(email)
            let code = OobCode.extract(from: link)
            let binding = try self.binding()
            let uid = try self.sessionUID()
            let now = self.engine.clock()
            return try self.engine.write { store throws(AuthError) in
                let account = try store.requireAccount(uid: uid)
                try LocalAuthEngine.checkSignInCode(code, emailKey: emailKey, in: store, at: now)
                guard account.email?.lowercased() == emailKey else { throw Self.userMismatch }
                try store.useOobCode(code)
                let verified = try store.modifyAccount(uid: account.uid) { $0.isEmailVerified = true }
                return try binding.signIn(verified, provider: ProviderID.emailLink.signInProviderClaim.rawValue, at: now, isNewUser: false,
                                          in: store)
            }
        }
    }

    private func reauthenticate(phoneVerificationID: String, code: String) async throws(AuthError)
        -> LocalSignInOutcome {
        try await perform { () throws(AuthError) -> LocalSignInOutcome in
            let binding = try self.binding()
            let uid = try self.sessionUID()
            let now = self.engine.clock()
            return try self.engine.withVerifiedPhone(phoneVerificationID, code: code, at: now) {
                (store, verification) throws(AuthError) -> Result<LocalSignInOutcome, AuthError> in
                let account = try store.requireAccount(uid: uid)
                guard account.phoneNumber == verification.phoneNumber else { throw Self.userMismatch }
                try store.usePhoneVerification(verification.sessionInfo)
                return .success(try binding.signIn(account, provider: ProviderID.phone.rawValue, at: now,
                                                   isNewUser: false, in: store))
            }
        }
    }

    private func reauthenticate(identity credential: IdentityProviderCredential) async throws(AuthError)
        -> LocalSignInOutcome {
        try await perform { () throws(AuthError) -> LocalSignInOutcome in
            let identity = try FederatedIdentity(credential)
            let binding = try self.binding()
            let uid = try self.sessionUID()
            let now = self.engine.clock()
            return try self.engine.write { store throws(AuthError) in
                let account = try store.requireAccount(uid: uid)
                let owner = try store.uid(linkedTo: identity.providerID, subject: identity.profile.subject)
                guard owner == account.uid else { throw Self.userMismatch }
                return try binding.signIn(account, provider: identity.providerID, at: now, isNewUser: false,
                                          in: store)
            }
        }
    }

    /// A valid credential of another account (Firebase's USER_MISMATCH).
    private static var userMismatch: AuthError {
        AuthError(.userMismatch, detail: "the credential belongs to a different user")
    }
}
