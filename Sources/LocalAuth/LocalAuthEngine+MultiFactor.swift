import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// Factors one account may have.
    static let maximumSecondFactors = 5
    /// How long a first-factor sign-in waits for its second factor.
    static let pendingSignInLifetime: TimeInterval = 10 * 60
    /// How long an enrolment (its SMS code or its TOTP secret) waits for its code.
    static let enrollmentLifetime: TimeInterval = 10 * 60
    /// First factors (an ID token's `sign_in_provider`) a second factor cannot be added after, as Firebase's:
    /// anonymous, phone, custom token and Game Center sign-ins.
    static let mfaIneligibleFirstFactors: Set<String> = ["anonymous", "phone", "custom", "gc.apple.com"]
    /// Bytes in a TOTP shared secret (160 bits, as RFC 4226 recommends).
    static let totpSecretLength = 20
    /// Wrong second-factor codes after which a pending sign-in is dead (the person signs in again).
    static let maximumWrongCodesPerSignIn = 5
    /// Wrong second-factor codes one account may collect within `failedSignInWindow` before codes are refused.
    static let maximumWrongCodesPerAccount = 10

    /// The second factors of account `uid`, oldest first.
    public func secondFactors(uid: String) throws(AuthError) -> [EnrolledFactor] {
        try withStore { store throws(AuthError) in try store.enrollments(uid: uid).map(\.factor) }
    }

    // MARK: Enrolment

    /// Texts a code to `phoneNumber` for enrolling it as a factor of `uid`; returns the session info, valid for
    /// `enrollmentLifetime`.
    ///
    /// Errors: UNSUPPORTED_FIRST_FACTOR, UNVERIFIED_EMAIL, SECOND_FACTOR_LIMIT_EXCEEDED, SECOND_FACTOR_EXISTS,
    /// INVALID_PHONE_NUMBER, USER_NOT_FOUND, USER_DISABLED, TOO_MANY_ATTEMPTS_TRY_LATER,
    /// CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    /// `authTime` is the last interactive sign-in of the user (the session's or ID token's), which must be
    /// recent (see `requireRecentSignIn`), and `signInProvider` its first factor (see `requireEnrollable`); nil
    /// when an administrator acts.
    public func startPhoneEnrollment(uid: String, phoneNumber: String, authTime: Date? = nil,
                                     signInProvider: String? = nil) throws(AuthError)
        -> String {
        let number = try Credentials.phoneNumber(phoneNumber)
        let (sessionInfo, code) = (SystemRandom.urlSafeToken(), SecureRandom.digits(6))
        let now = clock()
        let deadline = now.addingTimeInterval(Self.enrollmentLifetime)
        return try write { store throws(AuthError) in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            try Self.requireEnrollable(uid: uid, phoneNumber: number, signInProvider: signInProvider, in: store)
            try Self.textCode(code, to: number, sessionInfo: sessionInfo, at: now, expiringAt: deadline, in: store)
            try store.insertFactorSession(
                FactorSessionRecord(sessionInfo: sessionInfo, uid: uid, kind: .sms, phoneNumber: number,
                                    expiresAt: deadline),
                forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
            return sessionInfo
        }
    }

    /// Enrols the number of an enrolment SMS once its code is right.
    ///
    /// Errors: those of phone sign-in (SESSION_EXPIRED after `enrollmentLifetime`; INVALID_SESSION_INFO also for
    /// another account's session), and those of `startPhoneEnrollment` when the account changed meanwhile.
    /// `authTime` is the last interactive sign-in of the user (the session's or ID token's), which must be
    /// recent (see `requireRecentSignIn`), and `signInProvider` its first factor (see `requireEnrollable`); nil
    /// when an administrator acts.
    public func finishPhoneEnrollment(uid: String, sessionInfo: String, code: String, displayName: String?,
                                      authTime: Date? = nil, signInProvider: String? = nil) throws(AuthError)
        -> EnrolledFactor {
        let id = EnrolledFactor.newID()
        let now = clock()
        return try withVerifiedPhone(sessionInfo, code: code, at: now) {
            (store, verification) throws(AuthError) -> Result<EnrolledFactor, AuthError> in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            guard let session = try store.factorSession(sessionInfo), session.uid == uid, session.kind == .sms,
                  session.pendingCredential == nil
            else { return .failure(AuthError(.invalidSessionInfo)) }
            let number = verification.phoneNumber
            try Self.requireEnrollable(uid: uid, phoneNumber: number, signInProvider: signInProvider, in: store)
            try store.usePhoneVerification(sessionInfo)
            try store.deleteFactorSession(sessionInfo)
            let factor = EnrolledFactor.sms(id: id, displayName: displayName, phoneNumber: number, enrolledAt: now)
            try store.insert(EnrollmentRecord(factor: factor, uid: uid, totpSecret: nil))
            return .success(factor)
        }
    }

    /// Starts a TOTP enrolment for `uid`: a fresh shared secret, to be proven with a code before `finalizeBy`.
    ///
    /// Errors: UNSUPPORTED_FIRST_FACTOR, UNVERIFIED_EMAIL, SECOND_FACTOR_LIMIT_EXCEEDED, USER_NOT_FOUND,
    /// USER_DISABLED, CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    /// `authTime` is the last interactive sign-in of the user (the session's or ID token's), which must be
    /// recent (see `requireRecentSignIn`), and `signInProvider` its first factor (see `requireEnrollable`); nil
    /// when an administrator acts.
    public func startTOTPEnrollment(uid: String, authTime: Date? = nil, signInProvider: String? = nil)
        throws(AuthError) -> TOTPEnrollmentSession {
        let sessionInfo = SystemRandom.urlSafeToken()
        let secret = Base32.encode(SystemRandom.bytes(Self.totpSecretLength))
        let now = clock()
        let deadline = now.addingTimeInterval(Self.enrollmentLifetime)
        return try write { store throws(AuthError) in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            try Self.requireEnrollable(uid: uid, phoneNumber: nil, signInProvider: signInProvider, in: store)
            try store.insertFactorSession(
                FactorSessionRecord(sessionInfo: sessionInfo, uid: uid, kind: .totp, totpSecret: secret,
                                    expiresAt: deadline),
                forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
            return TOTPEnrollmentSession(sessionInfo: sessionInfo, sharedSecretKey: secret, finalizeBy: deadline)
        }
    }

    /// Enrols the TOTP secret of session `sessionInfo` once `code` is right for it (±1 step).
    ///
    /// Errors: MISSING_CODE, INVALID_SESSION_INFO (unknown, or another account's), SESSION_EXPIRED (after
    /// `enrollmentLifetime`), INVALID_CODE, and those of `startTOTPEnrollment` when the account changed meanwhile.
    /// `authTime` is the last interactive sign-in of the user (the session's or ID token's), which must be
    /// recent (see `requireRecentSignIn`), and `signInProvider` its first factor (see `requireEnrollable`); nil
    /// when an administrator acts.
    public func finishTOTPEnrollment(uid: String, sessionInfo: String, code: String, displayName: String?,
                                     authTime: Date? = nil, signInProvider: String? = nil) throws(AuthError)
        -> EnrolledFactor {
        let id = EnrolledFactor.newID()
        let now = clock()
        return try write { store throws(AuthError) in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            guard !code.isEmpty else { throw AuthError(.missingCode) }
            guard let session = try store.factorSession(sessionInfo), session.uid == uid, session.kind == .totp,
                  session.pendingCredential == nil, let secret = session.totpSecret
            else { throw AuthError(.invalidSessionInfo) }
            guard now < session.expiresAt else {
                throw AuthError(.sessionExpired, detail: "the enrolment expired; start it again")
            }
            guard let key = Base32.decode(secret), let step = try TOTP.acceptedStep(code, secret: key, at: now) else {
                throw AuthError(.invalidCode)
            }
            try Self.requireEnrollable(uid: uid, phoneNumber: nil, signInProvider: signInProvider, in: store)
            try store.deleteFactorSession(sessionInfo)
            let factor = EnrolledFactor(id: id, kind: .totp, displayName: displayName, phoneNumber: nil,
                                        enrolledAt: now)
            try store.insert(EnrollmentRecord(factor: factor, uid: uid, totpSecret: secret))
            try store.setLastUsedTOTPStep(step, enrollmentID: id, uid: uid)
            return factor
        }
    }

    /// Removes factor `enrollmentID` from account `uid`; returns the account.
    ///
    /// Errors: MFA_ENROLLMENT_NOT_FOUND, USER_NOT_FOUND, CREDENTIAL_TOO_OLD_LOGIN_AGAIN.
    /// `authTime` is the last interactive sign-in of the user (the session's or ID token's), which must be
    /// recent (see `requireRecentSignIn`); nil when an administrator acts.
    public func withdrawSecondFactor(uid: String, enrollmentID: String, authTime: Date? = nil) throws(AuthError)
        -> LocalAccount {
        try write { store throws(AuthError) in
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            guard try store.deleteEnrollment(id: enrollmentID, uid: uid) else {
                throw AuthError(.mfaEnrollmentNotFound)
            }
            return try Self.report(account, in: store)
        }
    }

    // MARK: Sign-in

    /// Texts a code to SMS factor `enrollmentID` of a pending sign-in; returns the session info.
    ///
    /// Errors: INVALID_MFA_PENDING_CREDENTIAL (unknown, used or expired), MFA_ENROLLMENT_NOT_FOUND,
    /// TOO_MANY_ATTEMPTS_TRY_LATER.
    public func startPhoneMultiFactorSignIn(pendingCredential: String, enrollmentID: String)
        throws(AuthError) -> String {
        let (sessionInfo, code) = (SystemRandom.urlSafeToken(), SecureRandom.digits(6))
        let now = clock()
        let deadline = now.addingTimeInterval(Self.phoneCodeLifetime)
        return try write { store throws(AuthError) in
            let pending = try Self.livePendingSignIn(pendingCredential, at: now, in: store)
            guard let factor = try store.enrollments(uid: pending.uid).first(where: { $0.factor.id == enrollmentID }),
                  factor.factor.kind == .sms, let number = factor.factor.phoneNumber
            else { throw AuthError(.mfaEnrollmentNotFound) }
            try Self.textCode(code, to: number, sessionInfo: sessionInfo, at: now, expiringAt: deadline, in: store)
            try store.insertFactorSession(
                FactorSessionRecord(sessionInfo: sessionInfo, uid: pending.uid, kind: .sms, phoneNumber: number,
                                    pendingCredential: pendingCredential, enrollmentID: enrollmentID,
                                    expiresAt: deadline),
                forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
            return sessionInfo
        }
    }

    /// Completes a pending sign-in with the code of its SMS challenge `sessionInfo`.
    ///
    /// Errors: those of phone sign-in (INVALID_SESSION_INFO also for another sign-in's challenge),
    /// INVALID_MFA_PENDING_CREDENTIAL, MFA_ENROLLMENT_NOT_FOUND (withdrawn meanwhile), USER_DISABLED.
    public func finishPhoneMultiFactorSignIn(pendingCredential: String, sessionInfo: String, code: String)
        throws(AuthError) -> SecondFactorSignIn {
        try finishPhoneMultiFactorSignIn(pendingCredential: pendingCredential, sessionInfo: sessionInfo, code: code,
                                         binding: .detached)
    }

    func finishPhoneMultiFactorSignIn(pendingCredential: String, sessionInfo: String, code: String,
                                      binding: SessionBinding) throws(AuthError) -> SecondFactorSignIn {
        let now = clock()
        return try withVerifiedPhone(sessionInfo, code: code, at: now) {
            (store, _) throws(AuthError) -> Result<SecondFactorSignIn, AuthError> in
            guard let session = try store.factorSession(sessionInfo),
                  session.pendingCredential == pendingCredential, let enrollmentID = session.enrollmentID
            else { return .failure(AuthError(.invalidSessionInfo)) }
            try store.usePhoneVerification(sessionInfo)
            return .success(try Self.completeSignIn(pendingCredential, enrollmentID: enrollmentID, kind: .sms,
                                                    at: now, binding: binding, in: store))
        }
    }

    /// Completes a pending sign-in with a code of its TOTP factor `enrollmentID` (±1 step).
    ///
    /// A code is accepted once: an earlier or the same time step as the last accepted code is wrong. Wrong codes
    /// count: the fifth kills the pending sign-in, and an account with ten within `failedSignInWindow` has every
    /// code refused until they age out.
    ///
    /// Errors: MISSING_CODE, INVALID_CODE, TOO_MANY_ATTEMPTS_TRY_LATER, INVALID_MFA_PENDING_CREDENTIAL,
    /// MFA_ENROLLMENT_NOT_FOUND, USER_DISABLED.
    public func finishTOTPMultiFactorSignIn(pendingCredential: String, enrollmentID: String, code: String)
        throws(AuthError) -> SecondFactorSignIn {
        try finishTOTPMultiFactorSignIn(pendingCredential: pendingCredential, enrollmentID: enrollmentID, code: code,
                                        binding: .detached)
    }

    func finishTOTPMultiFactorSignIn(pendingCredential: String, enrollmentID: String, code: String,
                                     binding: SessionBinding) throws(AuthError) -> SecondFactorSignIn {
        let now = clock()
        // A wrong code is returned, not thrown, so that counting it commits.
        return try write { store throws(AuthError) -> Result<SecondFactorSignIn, AuthError> in
            guard !code.isEmpty else { throw AuthError(.missingCode) }
            let pending = try Self.livePendingSignIn(pendingCredential, at: now, in: store)
            guard let factor = try store.enrollments(uid: pending.uid).first(where: { $0.factor.id == enrollmentID }),
                  factor.factor.kind == .totp, let secret = factor.totpSecret.flatMap(Base32.decode)
            else { throw AuthError(.mfaEnrollmentNotFound) }
            let windowStart = now.addingTimeInterval(-Self.failedSignInWindow)
            guard try store.failedSecondFactorCount(uid: pending.uid, since: windowStart)
                    < Self.maximumWrongCodesPerAccount
            else { throw AuthError(.tooManyAttemptsTryLater, detail: "too many wrong second-factor codes") }
            let lastUsed = try store.lastUsedTOTPStep(enrollmentID: enrollmentID, uid: pending.uid) ?? -1
            guard let step = try TOTP.acceptedStep(code, secret: secret, at: now), step > lastUsed else {
                let attempts = try store.recordWrongSecondFactorCode(
                    uid: pending.uid, credential: pendingCredential, at: now, forgettingBefore: windowStart)
                if attempts >= Self.maximumWrongCodesPerSignIn {
                    try store.deletePendingSignIn(credential: pendingCredential)
                }
                return .failure(AuthError(.invalidCode))
            }
            try store.setLastUsedTOTPStep(step, enrollmentID: enrollmentID, uid: pending.uid)
            return .success(try Self.completeSignIn(pendingCredential, enrollmentID: enrollmentID, kind: .totp,
                                                    at: now, binding: binding, in: store))
        }.get()
    }

    // MARK: Helpers

    /// Finishes pending sign-in `credential` with factor `enrollmentID`: the credential is used up, and the
    /// sign-in is admitted as of its first factor, with its custom token's claims.
    private static func completeSignIn(_ credential: String, enrollmentID: String, kind: SecondFactorType,
                                       at now: Date, binding: SessionBinding, in store: LocalStore)
        throws(AuthError) -> SecondFactorSignIn {
        let pending = try livePendingSignIn(credential, at: now, in: store)
        guard let factor = try store.enrollments(uid: pending.uid).first(where: { $0.factor.id == enrollmentID }),
              factor.factor.kind == kind
        else { throw AuthError(.mfaEnrollmentNotFound) }
        guard let account = try store.account(uid: pending.uid) else { throw AuthError(.userNotFound) }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        try store.deletePendingSignIn(credential: credential)
        let signIn = try binding.admit(account, provider: pending.provider, secondFactor: factor.factor,
                                       developerClaims: pending.developerClaims, at: pending.authTime,
                                       issuedAt: now, isNewUser: false, in: store)
        return SecondFactorSignIn(signIn: signIn, factor: factor.factor)
    }

    /// The pending sign-in of `credential`; INVALID_MFA_PENDING_CREDENTIAL when it is unknown, used or expired.
    private static func livePendingSignIn(_ credential: String, at now: Date, in store: LocalStore)
        throws(AuthError) -> PendingSignInRecord {
        guard let pending = try store.pendingSignIn(credential: credential), now < pending.expiresAt else {
            throw AuthError(.invalidMFAPendingCredential)
        }
        return pending
    }

    /// INVALID_SESSION_INFO when `sessionInfo` belongs to a second-factor enrolment or challenge: its code
    /// proves the number for that purpose only, not for phone sign-in or linking.
    static func requireFirstFactorSession(_ sessionInfo: String, in store: LocalStore) throws(AuthError) {
        guard try store.factorSession(sessionInfo) == nil else {
            throw AuthError(.invalidSessionInfo, detail: "the code was sent for a second factor")
        }
    }

    /// Throws why account `uid`, signed in with `signInProvider` (nil: an administrator acts), may not enrol a
    /// (phone, when `phoneNumber` is given) factor now.
    private static func requireEnrollable(uid: String, phoneNumber: String?, signInProvider: String?,
                                          in store: LocalStore) throws(AuthError) {
        guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        guard !account.isAnonymous, account.email != nil,
              !mfaIneligibleFirstFactors.contains(signInProvider ?? "") else {
            throw AuthError(.unsupportedFirstFactor, detail: "MFA is not available for the given first factor.")
        }
        guard account.isEmailVerified else {
            throw AuthError(.unverifiedEmail, detail: "Need to verify email first before enrolling second factors.")
        }
        let factors = try store.enrollments(uid: uid)
        if let phoneNumber, factors.contains(where: { $0.factor.phoneNumber == phoneNumber }) {
            throw AuthError(.secondFactorExists,
                            detail: "Phone number already enrolled as second factor for this account.")
        }
        guard factors.count < maximumSecondFactors else { throw AuthError(.secondFactorLimitExceeded) }
    }

    /// "Texts" `code` to `number` under `sessionInfo`, valid until `deadline`, within the per-number SMS limit.
    private static func textCode(_ code: String, to number: String, sessionInfo: String, at now: Date,
                                 expiringAt deadline: Date, in store: LocalStore) throws(AuthError) {
        let sent = try store.sentCount(kind: .sms, recipient: number, since: now.addingTimeInterval(-smsWindow))
        guard sent < maximumSMSPerWindow else {
            throw AuthError(.tooManyAttemptsTryLater, detail: "too many codes sent to this number")
        }
        try storeVerification(sessionInfo: sessionInfo, number: number, code: code, at: now, expiringAt: deadline,
                              in: store)
        _ = try store.send(kind: .sms, recipient: number, link: nil, code: code, at: now)
    }
}
