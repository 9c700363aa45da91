import AuthCore
import Foundation

extension LocalAuthEngine {
    /// Factors one account may have.
    static let maximumSecondFactors = 5
    /// How long a first-factor sign-in waits for its second factor.
    static let pendingSignInLifetime: TimeInterval = 10 * 60
    /// How long a TOTP enrolment waits for its first code.
    static let totpEnrollmentLifetime: TimeInterval = 10 * 60
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

    /// Texts a code to `phoneNumber` for enrolling it as a factor of `uid`; returns the session info.
    ///
    /// Refusals: UNSUPPORTED_FIRST_FACTOR, UNVERIFIED_EMAIL, SECOND_FACTOR_LIMIT_EXCEEDED, SECOND_FACTOR_EXISTS.
    /// Errors: INVALID_PHONE_NUMBER, USER_NOT_FOUND, TOO_MANY_ATTEMPTS_TRY_LATER.
    /// `authTime` is the last interactive sign-in of the user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    public func startPhoneEnrollment(uid: String, phoneNumber: String, authTime: Date? = nil)
        throws(MultiFactorError) -> String {
        let (number, sessionInfo, code) = try Self.auth { () throws(AuthError) in
            (try Credentials.phoneNumber(phoneNumber), try SecureRandom.urlSafeToken(), try SecureRandom.digits(6))
        }
        let now = clock()
        return try refusableWrite { store throws(AuthError) -> Result<String, MultiFactorRefusal> in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            if let refusal = try Self.enrollmentRefusal(uid: uid, phoneNumber: number, in: store) {
                return .failure(refusal)
            }
            try Self.textCode(code, to: number, sessionInfo: sessionInfo, at: now, in: store)
            try store.insertFactorSession(
                FactorSessionRecord(sessionInfo: sessionInfo, uid: uid, kind: .sms, phoneNumber: number,
                                    expiresAt: now.addingTimeInterval(Self.phoneCodeLifetime)),
                forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
            return .success(sessionInfo)
        }
    }

    /// Enrols the number of an enrolment SMS once its code is right.
    ///
    /// Errors: those of phone sign-in (INVALID_SESSION_INFO also for another account's session), and the
    /// refusals of `startPhoneEnrollment` when the account changed meanwhile.
    /// `authTime` is the last interactive sign-in of the user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    public func finishPhoneEnrollment(uid: String, sessionInfo: String, code: String, displayName: String?,
                                      authTime: Date? = nil) throws(MultiFactorError) -> EnrolledFactor {
        let id = try Self.auth { () throws(AuthError) in try SecureRandom.uid() }
        let now = clock()
        let outcome = try Self.auth { () throws(AuthError) in
            try withVerifiedPhone(sessionInfo, code: code, at: now) {
                (store, verification) throws(AuthError) -> Result<Result<EnrolledFactor, MultiFactorRefusal>, AuthError>
                in
                try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
                guard let session = try store.factorSession(sessionInfo), session.uid == uid, session.kind == .sms,
                      session.pendingCredential == nil
                else { return .failure(AuthError(.invalidSessionInfo)) }
                let number = verification.phoneNumber
                if let refusal = try Self.enrollmentRefusal(uid: uid, phoneNumber: number, in: store) {
                    return .success(.failure(refusal))
                }
                try store.usePhoneVerification(sessionInfo)
                try store.deleteFactorSession(sessionInfo)
                let factor = EnrolledFactor(id: id, kind: .sms, displayName: displayName, phoneNumber: number,
                                            enrolledAt: now)
                try store.insert(EnrollmentRecord(factor: factor, uid: uid, totpSecret: nil))
                return .success(.success(factor))
            }
        }
        return try outcome.mapError(MultiFactorError.refused).get()
    }

    /// Starts a TOTP enrolment for `uid`: a fresh shared secret, to be proven with a code before `finalizeBy`.
    ///
    /// Refusals: UNSUPPORTED_FIRST_FACTOR, UNVERIFIED_EMAIL, SECOND_FACTOR_LIMIT_EXCEEDED. Errors: USER_NOT_FOUND.
    /// `authTime` is the last interactive sign-in of the user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    public func startTOTPEnrollment(uid: String, authTime: Date? = nil) throws(MultiFactorError)
        -> TOTPEnrollmentSession {
        let (sessionInfo, secret) = try Self.auth { () throws(AuthError) in
            (try SecureRandom.urlSafeToken(), Base32.encode(try SecureRandom.bytes(Self.totpSecretLength)))
        }
        let now = clock()
        let deadline = now.addingTimeInterval(Self.totpEnrollmentLifetime)
        return try refusableWrite { store throws(AuthError) -> Result<TOTPEnrollmentSession, MultiFactorRefusal> in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            if let refusal = try Self.enrollmentRefusal(uid: uid, phoneNumber: nil, in: store) {
                return .failure(refusal)
            }
            try store.insertFactorSession(
                FactorSessionRecord(sessionInfo: sessionInfo, uid: uid, kind: .totp, totpSecret: secret,
                                    expiresAt: deadline),
                forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
            return .success(TOTPEnrollmentSession(sessionInfo: sessionInfo, sharedSecretKey: secret,
                                                  finalizeBy: deadline))
        }
    }

    /// Enrols the TOTP secret of session `sessionInfo` once `code` is right for it (±1 step).
    ///
    /// Errors: MISSING_CODE, INVALID_SESSION_INFO (unknown, or another account's), SESSION_EXPIRED, INVALID_CODE,
    /// and the refusals of `startTOTPEnrollment` when the account changed meanwhile.
    /// `authTime` is the last interactive sign-in of the user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    public func finishTOTPEnrollment(uid: String, sessionInfo: String, code: String, displayName: String?,
                                     authTime: Date? = nil) throws(MultiFactorError) -> EnrolledFactor {
        let id = try Self.auth { () throws(AuthError) in try SecureRandom.uid() }
        let now = clock()
        return try refusableWrite { store throws(AuthError) -> Result<EnrolledFactor, MultiFactorRefusal> in
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            guard !code.isEmpty else { throw AuthError(.missingCode) }
            guard let session = try store.factorSession(sessionInfo), session.uid == uid, session.kind == .totp,
                  session.pendingCredential == nil, let secret = session.totpSecret
            else { throw AuthError(.invalidSessionInfo) }
            guard now < session.expiresAt else { throw AuthError(.sessionExpired) }
            guard let key = Base32.decode(secret), let step = try TOTP.acceptedStep(code, secret: key, at: now) else {
                throw AuthError(.invalidCode)
            }
            if let refusal = try Self.enrollmentRefusal(uid: uid, phoneNumber: nil, in: store) {
                return .failure(refusal)
            }
            try store.deleteFactorSession(sessionInfo)
            let factor = EnrolledFactor(id: id, kind: .totp, displayName: displayName, phoneNumber: nil,
                                        enrolledAt: now)
            try store.insert(EnrollmentRecord(factor: factor, uid: uid, totpSecret: secret))
            try store.setLastUsedTOTPStep(step, enrollmentID: id)
            return .success(factor)
        }
    }

    /// Removes factor `enrollmentID` from account `uid`; returns the account.
    ///
    /// Refusals: MFA_ENROLLMENT_NOT_FOUND. Errors: USER_NOT_FOUND.
    /// `authTime` is the last interactive sign-in of the user's ID token, which must be recent (see
    /// `requireRecentSignIn`); nil when an administrator acts.
    public func withdrawSecondFactor(uid: String, enrollmentID: String, authTime: Date? = nil)
        throws(MultiFactorError) -> LocalAccount {
        try refusableWrite { store throws(AuthError) -> Result<LocalAccount, MultiFactorRefusal> in
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            try requireRecentSignIn(uid, binding: SessionBinding(authTime: authTime), in: store)
            guard try store.deleteEnrollment(id: enrollmentID, uid: uid) else {
                return .failure(.enrollmentNotFound)
            }
            return .success(try Self.report(account, in: store))
        }
    }

    // MARK: Sign-in

    /// Holds back `signIn` when its account has second factors: stores it under a new pending credential,
    /// valid for ten minutes, and returns the challenge; nil when the account has no factors.
    public func multiFactorChallenge(for signIn: LocalSignIn) throws(AuthError) -> MultiFactorChallenge? {
        let credential = try SecureRandom.urlSafeToken(byteCount: 32)
        let now = clock()
        return try write { store throws(AuthError) -> MultiFactorChallenge? in
            let factors = try store.enrollments(uid: signIn.account.uid).map(\.factor)
            guard !factors.isEmpty else { return nil }
            let record = PendingSignInRecord(uid: signIn.account.uid, provider: signIn.provider,
                                             authTime: signIn.authTime,
                                             expiresAt: now.addingTimeInterval(Self.pendingSignInLifetime))
            try store.insertPendingSignIn(record, credential: credential,
                                          forgettingBefore: now.addingTimeInterval(-Self.pendingSignInLifetime))
            return MultiFactorChallenge(pendingCredential: credential, factors: factors)
        }
    }

    /// Texts a code to SMS factor `enrollmentID` of a pending sign-in; returns the session info.
    ///
    /// Refusals: INVALID_MFA_PENDING_CREDENTIAL (unknown, used or expired), MFA_ENROLLMENT_NOT_FOUND.
    /// Errors: USER_DISABLED, TOO_MANY_ATTEMPTS_TRY_LATER.
    public func startPhoneMultiFactorSignIn(pendingCredential: String, enrollmentID: String)
        throws(MultiFactorError) -> String {
        let (sessionInfo, code) = try Self.auth { () throws(AuthError) in
            (try SecureRandom.urlSafeToken(), try SecureRandom.digits(6))
        }
        let now = clock()
        return try refusableWrite { store throws(AuthError) -> Result<String, MultiFactorRefusal> in
            guard let pending = try Self.livePendingSignIn(pendingCredential, at: now, in: store) else {
                return .failure(.invalidPendingCredential)
            }
            guard let factor = try store.enrollments(uid: pending.uid).first(where: { $0.factor.id == enrollmentID }),
                  factor.factor.kind == .sms, let number = factor.factor.phoneNumber
            else { return .failure(.enrollmentNotFound) }
            try Self.textCode(code, to: number, sessionInfo: sessionInfo, at: now, in: store)
            try store.insertFactorSession(
                FactorSessionRecord(sessionInfo: sessionInfo, uid: pending.uid, kind: .sms, phoneNumber: number,
                                    pendingCredential: pendingCredential, enrollmentID: enrollmentID,
                                    expiresAt: now.addingTimeInterval(Self.phoneCodeLifetime)),
                forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
            return .success(sessionInfo)
        }
    }

    /// Completes a pending sign-in with the code of its SMS challenge `sessionInfo`.
    ///
    /// Refusals: INVALID_MFA_PENDING_CREDENTIAL, MFA_ENROLLMENT_NOT_FOUND (withdrawn meanwhile).
    /// Errors: those of phone sign-in (INVALID_SESSION_INFO also for another sign-in's challenge), USER_DISABLED.
    public func finishPhoneMultiFactorSignIn(pendingCredential: String, sessionInfo: String, code: String)
        throws(MultiFactorError) -> SecondFactorSignIn {
        let now = clock()
        let outcome = try Self.auth { () throws(AuthError) in
            try withVerifiedPhone(sessionInfo, code: code, at: now) {
                (store, _) throws(AuthError) -> Result<Result<SecondFactorSignIn, MultiFactorRefusal>, AuthError> in
                guard let session = try store.factorSession(sessionInfo),
                      session.pendingCredential == pendingCredential, let enrollmentID = session.enrollmentID
                else { return .failure(AuthError(.invalidSessionInfo)) }
                try store.usePhoneVerification(sessionInfo)
                return .success(try Self.completeSignIn(pendingCredential, enrollmentID: enrollmentID, kind: .sms,
                                                        at: now, in: store))
            }
        }
        return try outcome.mapError(MultiFactorError.refused).get()
    }

    /// Completes a pending sign-in with a code of its TOTP factor `enrollmentID` (±1 step).
    ///
    /// A code is accepted once: an earlier or the same time step as the last accepted code is wrong. Wrong codes
    /// count: the fifth kills the pending sign-in, and an account with ten within `failedSignInWindow` has every
    /// code refused until they age out.
    ///
    /// Refusals: INVALID_MFA_PENDING_CREDENTIAL, MFA_ENROLLMENT_NOT_FOUND. Errors: MISSING_CODE, INVALID_CODE,
    /// TOO_MANY_ATTEMPTS_TRY_LATER, USER_DISABLED.
    public func finishTOTPMultiFactorSignIn(pendingCredential: String, enrollmentID: String, code: String)
        throws(MultiFactorError) -> SecondFactorSignIn {
        let now = clock()
        // A wrong code is returned, not thrown, so that counting it commits.
        return try Self.auth { () throws(AuthError) in
            try write { store throws(AuthError) -> Result<SecondFactorSignIn, MultiFactorError> in
                guard !code.isEmpty else { throw AuthError(.missingCode) }
                guard let pending = try Self.livePendingSignIn(pendingCredential, at: now, in: store) else {
                    return .failure(.refused(.invalidPendingCredential))
                }
                guard let factor = try store.enrollments(uid: pending.uid).first(where: { $0.factor.id == enrollmentID }),
                      factor.factor.kind == .totp, let secret = factor.totpSecret.flatMap(Base32.decode)
                else { return .failure(.refused(.enrollmentNotFound)) }
                let windowStart = now.addingTimeInterval(-Self.failedSignInWindow)
                guard try store.failedSecondFactorCount(uid: pending.uid, since: windowStart)
                        < Self.maximumWrongCodesPerAccount
                else { throw AuthError(.tooManyAttemptsTryLater, detail: "too many wrong second-factor codes") }
                let lastUsed = try store.lastUsedTOTPStep(enrollmentID: enrollmentID) ?? -1
                guard let step = try TOTP.acceptedStep(code, secret: secret, at: now), step > lastUsed else {
                    let attempts = try store.recordWrongSecondFactorCode(
                        uid: pending.uid, credential: pendingCredential, at: now, forgettingBefore: windowStart)
                    if attempts >= Self.maximumWrongCodesPerSignIn {
                        try store.deletePendingSignIn(credential: pendingCredential)
                    }
                    return .failure(.auth(AuthError(.invalidCode)))
                }
                try store.setLastUsedTOTPStep(step, enrollmentID: enrollmentID)
                return try Self.completeSignIn(pendingCredential, enrollmentID: enrollmentID, kind: .totp, at: now,
                                               in: store).mapError(MultiFactorError.refused)
            }
        }.get()
    }

    // MARK: Helpers

    /// Finishes pending sign-in `credential` with factor `enrollmentID`: the credential is used up.
    private static func completeSignIn(_ credential: String, enrollmentID: String, kind: SecondFactorType,
                                       at now: Date, in store: LocalStore)
        throws(AuthError) -> Result<SecondFactorSignIn, MultiFactorRefusal> {
        guard let pending = try livePendingSignIn(credential, at: now, in: store) else {
            return .failure(.invalidPendingCredential)
        }
        guard let factor = try store.enrollments(uid: pending.uid).first(where: { $0.factor.id == enrollmentID }),
              factor.factor.kind == kind
        else { return .failure(.enrollmentNotFound) }
        guard let account = try store.account(uid: pending.uid) else { throw AuthError(.userNotFound) }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        try store.deletePendingSignIn(credential: credential)
        let signIn = LocalSignIn(account: try report(account, in: store), provider: pending.provider,
                                 authTime: pending.authTime, isNewUser: false)
        return .success(SecondFactorSignIn(signIn: signIn, factor: factor.factor))
    }

    /// The pending sign-in of `credential` unless it is unknown or expired.
    private static func livePendingSignIn(_ credential: String, at now: Date, in store: LocalStore)
        throws(AuthError) -> PendingSignInRecord? {
        guard let pending = try store.pendingSignIn(credential: credential), now < pending.expiresAt else {
            return nil
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

    /// Why account `uid` may not enrol a (phone, when `phoneNumber` is given) factor now; nil when it may.
    private static func enrollmentRefusal(uid: String, phoneNumber: String?, in store: LocalStore)
        throws(AuthError) -> MultiFactorRefusal? {
        guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
        guard !account.isDisabled else { throw AuthError(.userDisabled) }
        guard !account.isAnonymous, account.email != nil else { return .unsupportedFirstFactor }
        guard account.isEmailVerified else { return .unverifiedEmail }
        let factors = try store.enrollments(uid: uid)
        if let phoneNumber, factors.contains(where: { $0.factor.phoneNumber == phoneNumber }) {
            return .secondFactorExists
        }
        guard factors.count < maximumSecondFactors else { return .secondFactorLimitExceeded }
        return nil
    }

    /// "Texts" `code` to `number` under `sessionInfo`, within the per-number SMS limit.
    private static func textCode(_ code: String, to number: String, sessionInfo: String, at now: Date,
                                 in store: LocalStore) throws(AuthError) {
        let sent = try store.sentCount(kind: .sms, recipient: number, since: now.addingTimeInterval(-smsWindow))
        guard sent < maximumSMSPerWindow else {
            throw AuthError(.tooManyAttemptsTryLater, detail: "too many codes sent to this number")
        }
        try storeVerification(sessionInfo: sessionInfo, number: number, code: code, at: now, in: store)
        _ = try store.send(kind: .sms, recipient: number, link: nil, code: code, at: now)
    }

    /// Runs `body` as one write; a refusal it returns is thrown after the (unchanged) transaction ends.
    private func refusableWrite<Value: Sendable>(
        _ body: (LocalStore) throws(AuthError) -> Result<Value, MultiFactorRefusal>
    ) throws(MultiFactorError) -> Value {
        try Self.auth { () throws(AuthError) in try write(body) }.mapError(MultiFactorError.refused).get()
    }

    /// `body`, with its auth error wrapped.
    private static func auth<Value>(_ body: () throws(AuthError) -> Value) throws(MultiFactorError) -> Value {
        do {
            return try body()
        } catch {
            throw .auth(error)
        }
    }
}
