import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// Turns a 200 answer of a sign-in call into the outcome: a conflict error, a second-factor challenge,
    /// or the new session.
    func outcome(of response: SignInResponse, credential: AuthCredential?) async throws(AuthError)
        -> SignInOutcome {
        try rejectConflicts(in: response, credential: credential)
        if let pending = response.mfaPendingCredential {
            let hints = (response.mfaInfo ?? []).compactMap(\.hint)
            return .mfaRequired(MFARequired(pendingCredential: pending, hints: hints))
        }
        return .signedIn(try await adopt(response))
    }

    /// The signed-in user of a call that cannot ask for a second factor (linking, enrolment).
    func signedInUser(of response: SignInResponse, credential: AuthCredential?) async throws(AuthError) -> User {
        guard case .signedIn(let user) = try await outcome(of: response, credential: credential) else {
            throw AuthError(.internalError, detail: "unexpected second-factor challenge")
        }
        return user
    }

    /// Throws for the HTTP-200 answers that are not a success: `needConfirmation` (the email belongs to an
    /// account with another sign-in method), `errorMessage` (FEDERATED_USER_ID_ALREADY_LINKED, EMAIL_EXISTS)
    /// and a phone number's `temporaryProof` (the number belongs to another account).
    ///
    /// A browser sign-in's code works once, so its conflict keeps the provider tokens the answer carries instead.
    func rejectConflicts(in response: SignInResponse, credential: AuthCredential?) throws(AuthError) {
        let kept = credential.map { Self.reusable($0, from: response) }
        let conflict = kept.map { AccountConflictInfo(email: response.email ?? $0.email, credential: $0) }
        if response.needConfirmation == true {
            throw AuthError(.accountExistsWithDifferentCredential, detail: "signInWithIdp: needConfirmation",
                            conflict: conflict)
        }
        if let message = response.errorMessage {
            let error = RESTErrorMapping.error(restMessage: message, operation: "signInWithIdp", secrets: [])
            transport.unrecognized.note(error)
            throw AuthError(error.code, detail: error.detail, conflict: conflict)
        }
        if response.temporaryProof != nil && response.idToken == nil {
            throw AuthError(.phoneNumberExists, detail: "signInWithPhoneNumber: temporaryProof", conflict: conflict)
        }
    }

    /// `credential`, or for a browser sign-in the provider's tokens in `response`, which can be sent again.
    static func reusable(_ credential: AuthCredential, from response: SignInResponse) -> AuthCredential {
        guard case .identityProvider(let identity) = credential, identity.redirect != nil,
              response.oauthIdToken != nil || response.oauthAccessToken != nil else { return credential }
        return .identityProvider(IdentityProviderCredential(providerID: identity.providerID,
                                                            idToken: response.oauthIdToken,
                                                            accessToken: response.oauthAccessToken))
    }

    /// Runs `call`, adding `credential` as conflict info to a collision error that lacks it.
    func reportingConflicts<Value>(with credential: AuthCredential, _ call: () async throws(AuthError) -> Value)
        async throws(AuthError) -> Value {
        do throws(AuthError) {
            return try await call()
        } catch where error.code.isConflict && error.conflict == nil {
            throw AuthError(error.code, detail: error.detail,
                            conflict: AccountConflictInfo(email: credential.email, credential: credential))
        }
    }
}

extension MFAEnrollment {
    /// The hint FirebaseUI shows for this factor; nil for kinds it does not know (email, passkey).
    var hint: MFAHint? {
        guard let uid = mfaEnrollmentId else { return nil }
        if phoneInfo != nil { return .phone(displayName: displayName, uid: uid, phoneNumber: phoneInfo) }
        if totpInfo != nil { return .totp(displayName: displayName, uid: uid) }
        return nil
    }
}
