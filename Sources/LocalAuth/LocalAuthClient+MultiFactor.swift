import AuthCore
import FoundationEssentials

extension LocalAuthClient {
    /// The signed-in account's second factors, oldest first, phone numbers in full.
    ///
    /// Errors: USER_NOT_FOUND (signed out).
    public func enrolledFactors() async throws(AuthError) -> [MultiFactorInfo] {
        try await perform { () throws(AuthError) -> [MultiFactorInfo] in
            try self.engine.secondFactors(uid: try self.sessionUID()).map(\.info)
        }
    }

    /// "Texts" a code to `phoneNumber` for enrolling it; returns the verification id, valid for 10 minutes.
    ///
    /// Errors: USER_NOT_FOUND (signed out), UNSUPPORTED_FIRST_FACTOR, UNVERIFIED_EMAIL, SECOND_FACTOR_EXISTS,
    /// SECOND_FACTOR_LIMIT_EXCEEDED, INVALID_PHONE_NUMBER, TOO_MANY_ATTEMPTS_TRY_LATER.
    public func startPhoneEnrollment(phoneNumber: String, recaptchaToken: String?) async throws(AuthError) -> String {
        try await perform { () throws(AuthError) -> String in
            let session = try self.requireSession()
            return try self.engine.startPhoneEnrollment(uid: session.uid, phoneNumber: phoneNumber,
                                                        authTime: session.authTime,
                                                        signInProvider: session.signInProvider)
        }
    }

    /// A fresh 160-bit TOTP secret for the signed-in account and its `otpauth://` URL; a code proves it within
    /// 10 minutes.
    ///
    /// Errors: USER_NOT_FOUND (signed out), UNSUPPORTED_FIRST_FACTOR, UNVERIFIED_EMAIL,
    /// SECOND_FACTOR_LIMIT_EXCEEDED.
    public func generateTOTPSecret(accountName: String, issuer: String) async throws(AuthError) -> TOTPSecret {
        try await perform { () throws(AuthError) -> TOTPSecret in
            let signIn = try self.requireSession()
            let session = try self.engine.startTOTPEnrollment(uid: signIn.uid, authTime: signIn.authTime,
                                                              signInProvider: signIn.signInProvider)
            return TOTPSecret(sessionInfo: session.sessionInfo, sharedSecretKey: session.sharedSecretKey,
                              qrCodeURL: session.otpauthURL(issuer: issuer, accountName: accountName))
        }
    }

    /// Enrols the factor `assertion` proves: an enrolment SMS's code, or a code of the TOTP secret.
    ///
    /// Errors: USER_NOT_FOUND (signed out), MISSING_CODE, INVALID_CODE, INVALID_SESSION_INFO, SESSION_EXPIRED
    /// (after 10 minutes), and the refusals of starting an enrolment.
    public func enroll(_ assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            let session = try self.requireSession()
            let (uid, authTime, provider) = (session.uid, session.authTime, session.signInProvider)
            switch assertion {
            case .phone(let verificationID, let code):
                _ = try self.engine.finishPhoneEnrollment(uid: uid, sessionInfo: verificationID, code: code,
                                                          displayName: displayName, authTime: authTime,
                                                          signInProvider: provider)
            case .totp(let sessionInfo, let code):
                _ = try self.engine.finishTOTPEnrollment(uid: uid, sessionInfo: sessionInfo, code: code,
                                                         displayName: displayName, authTime: authTime,
                                                         signInProvider: provider)
            }
        }
    }

    /// Removes a second factor of the signed-in account.
    ///
    /// Errors: USER_NOT_FOUND (signed out), MFA_ENROLLMENT_NOT_FOUND.
    public func unenroll(factorUID: String) async throws(AuthError) {
        try await perform { () throws(AuthError) in
            let session = try self.requireSession()
            _ = try self.engine.withdrawSecondFactor(uid: session.uid, enrollmentID: factorUID,
                                                     authTime: session.authTime)
        }
    }

    /// "Texts" the sign-in code of phone hint `hintUID`; returns the verification id.
    ///
    /// Errors: INVALID_MFA_PENDING_CREDENTIAL (unknown, finished or older than 10 minutes),
    /// MFA_ENROLLMENT_NOT_FOUND, TOO_MANY_ATTEMPTS_TRY_LATER.
    public func startPhoneMFASignIn(_ required: MFARequired, hintUID: String, recaptchaToken: String?)
        async throws(AuthError) -> String {
        try await perform { () throws(AuthError) -> String in
            try self.engine.startPhoneMultiFactorSignIn(pendingCredential: required.pendingCredential,
                                                        enrollmentID: hintUID)
        }
    }

    /// Finishes a sign-in held back for its second factor and makes it the session. `.totp`'s `sessionInfo`
    /// names the TOTP hint by its uid (any other value picks the first TOTP hint).
    ///
    /// Errors: MISSING_CODE, INVALID_CODE (also a TOTP code used before), SESSION_EXPIRED, INVALID_SESSION_INFO,
    /// TOO_MANY_ATTEMPTS_TRY_LATER, INVALID_MFA_PENDING_CREDENTIAL (also after five wrong TOTP codes),
    /// MFA_ENROLLMENT_NOT_FOUND, USER_DISABLED.
    public func resolveSignIn(_ required: MFARequired, assertion: MultiFactorAssertion)
        async throws(AuthError) -> User {
        try await perform { () throws(AuthError) -> User in
            let completed: SecondFactorSignIn
            switch assertion {
            case .phone(let verificationID, let code):
                completed = try self.engine.finishPhoneMultiFactorSignIn(
                    pendingCredential: required.pendingCredential, sessionInfo: verificationID, code: code,
                    binding: try self.binding())
            case .totp(let sessionInfo, let code):
                guard let enrollmentID = required.totpHintUID(named: sessionInfo) else {
                    throw AuthError(.mfaEnrollmentNotFound, detail: "no TOTP factor among the hints")
                }
                completed = try self.engine.finishTOTPMultiFactorSignIn(
                    pendingCredential: required.pendingCredential, enrollmentID: enrollmentID, code: code,
                    binding: try self.binding())
            }
            self.adopt(ClientSession(completed.signIn, secondFactor: completed.factor))
            return completed.signIn.account.user
        }
    }
}

extension LocalSignInOutcome {
    /// The outcome as `AuthClient` reports it: the user, or the challenge with a hint per factor.
    var signInOutcome: SignInOutcome {
        switch self {
        case .signedIn(let signIn):
            .signedIn(signIn.account.user)
        case .secondFactorRequired(let challenge):
            .mfaRequired(MFARequired(pendingCredential: challenge.pendingCredential,
                                     hints: challenge.factors.map(\.hint)))
        }
    }
}

extension EnrolledFactor {
    /// The factor as the account screen lists it (the number in full).
    var info: MultiFactorInfo {
        MultiFactorInfo(uid: id, factor: kind, displayName: displayName, phoneNumber: phoneNumber,
                        enrollmentDate: enrolledAt)
    }

    /// The factor as a held-back sign-in offers it (the number masked, as production masks it).
    var hint: MFAHint {
        switch kind {
        case .sms: .phone(displayName: displayName, uid: id, phoneNumber: maskedPhoneNumber)
        case .totp: .totp(displayName: displayName, uid: id)
        }
    }
}
