import AuthCore
import FoundationEssentials

extension LocalAuthEngine {
    /// How long an SMS code (or a phone proof handed back in conflict info) stays valid.
    static let phoneCodeLifetime: TimeInterval = 5 * 60
    /// Wrong codes after which a verification is dead.
    static let maximumWrongPhoneCodes = 5
    /// SMS messages one number may be sent within `smsWindow`.
    static let maximumSMSPerWindow = 5
    /// The window the SMS limit counts over.
    static let smsWindow: TimeInterval = 60 * 60
    /// How long expired verifications are kept (so their ids answer SESSION_EXPIRED) before they are forgotten.
    static let phoneVerificationRetention: TimeInterval = 24 * 60 * 60

    /// "Texts" a 6-digit code to an E.164 number's outbox and returns the verification id (session info).
    ///
    /// Errors: INVALID_PHONE_NUMBER, UNSUPPORTED_FIRST_FACTOR (see `PhoneFirstFactorRule`),
    /// TOO_MANY_ATTEMPTS_TRY_LATER (five messages to the number within an hour).
    public func sendVerificationCode(phoneNumber: String, firstFactorRule: PhoneFirstFactorRule = .heldBack)
        throws(AuthError) -> String {
        let number = try Credentials.phoneNumber(phoneNumber)
        let sessionInfo = SystemRandom.urlSafeToken()
        let code = SecureRandom.digits(6)
        let now = clock()
        try write { store throws(AuthError) in
            if let owner = try store.account(phoneNumber: number) {
                try Self.requirePhoneFirstFactor(uid: owner.uid, firstFactorRule, in: store)
            }
            let sent = try store.sentCount(kind: .sms, recipient: number,
                                           since: now.addingTimeInterval(-Self.smsWindow))
            guard sent < Self.maximumSMSPerWindow else {
                throw AuthError(.tooManyAttemptsTryLater, detail: "too many codes sent to this number")
            }
            try Self.storeVerification(sessionInfo: sessionInfo, number: number, code: code, at: now, in: store)
            _ = try store.send(kind: .sms, recipient: number, link: nil, code: code, at: now)
        }
        return sessionInfo
    }

    /// Signs in to the account with the verified number, or to a new one.
    ///
    /// Errors: MISSING_CODE, INVALID_SESSION_INFO, INVALID_CODE, SESSION_EXPIRED (expired, used, or five wrong
    /// codes), USER_DISABLED, UNSUPPORTED_FIRST_FACTOR (see `PhoneFirstFactorRule`). An account with second
    /// factors answers with their challenge.
    public func signIn(phoneSessionInfo: String, code: String, firstFactorRule: PhoneFirstFactorRule = .heldBack)
        throws(AuthError) -> LocalSignInOutcome {
        try signIn(phoneSessionInfo: phoneSessionInfo, code: code, binding: .detached, firstFactorRule: firstFactorRule)
    }

    func signIn(phoneSessionInfo: String, code: String, binding: SessionBinding,
                firstFactorRule: PhoneFirstFactorRule = .heldBack) throws(AuthError) -> LocalSignInOutcome {
        let newUID = SecureRandom.uid()
        let now = clock()
        return try withVerifiedPhone(phoneSessionInfo, code: code, at: now) {
            (store, verification) throws(AuthError) -> Result<LocalSignInOutcome, AuthError> in
            try Self.requireFirstFactorSession(verification.sessionInfo, in: store)
            try store.usePhoneVerification(verification.sessionInfo)
            if let account = try store.account(phoneNumber: verification.phoneNumber) {
                guard !account.isDisabled else { throw AuthError(.userDisabled) }
                try Self.requirePhoneFirstFactor(uid: account.uid, firstFactorRule, in: store)
                return .success(try binding.signIn(account, provider: ProviderID.phone.rawValue, at: now,
                                                   isNewUser: false, in: store))
            }
            var account = AccountRecord(uid: newUID, email: nil, passwordHash: nil, isAnonymous: false,
                                        providerIDs: [ProviderID.phone.rawValue], createdAt: now)
            account.phoneNumber = verification.phoneNumber
            try store.insert(account)
            return .success(.signedIn(try binding.admit(account, provider: ProviderID.phone.rawValue, at: now,
                                                        isNewUser: true, in: store)))
        }
    }

    /// Adds the verified number to account `uid`, keeping its uid.
    ///
    /// When the number is another account's: PHONE_NUMBER_EXISTS whose conflict credential is a fresh proof
    /// (a new verification id and code, valid for five minutes) that signs in to that account.
    /// Other errors: those of phone sign-in, USER_NOT_FOUND, OPERATION_NOT_ALLOWED (another number is linked),
    /// CREDENTIAL_TOO_OLD_LOGIN_AGAIN (see `authTime` at `updatePassword`).
    public func linkPhone(uid: String, sessionInfo: String, code: String, authTime: Date? = nil,
                          firstFactorRule: PhoneFirstFactorRule = .heldBack) throws(AuthError) -> LocalAccount {
        try linkPhone(uid: uid, sessionInfo: sessionInfo, code: code, binding: SessionBinding(authTime: authTime),
                      firstFactorRule: firstFactorRule)
    }

    func linkPhone(uid: String, sessionInfo: String, code: String, binding: SessionBinding,
                   firstFactorRule: PhoneFirstFactorRule = .heldBack) throws(AuthError) -> LocalAccount {
        let proofID = SystemRandom.urlSafeToken()
        let proofCode = SecureRandom.digits(6)
        let now = clock()
        return try withVerifiedPhone(sessionInfo, code: code, at: now) {
            (store, verification) throws(AuthError) -> Result<LocalAccount, AuthError> in
            try binding.requireSubject(uid)
            try Self.requireFirstFactorSession(verification.sessionInfo, in: store)
            guard let account = try store.account(uid: uid) else { throw AuthError(.userNotFound) }
            let number = verification.phoneNumber
            // What cannot succeed is said before a fresh sign-in is asked for (issue 31 item 8).
            if let owner = try store.account(phoneNumber: number), owner.uid != uid {
                try store.usePhoneVerification(verification.sessionInfo)
                try Self.storeVerification(sessionInfo: proofID, number: number, code: proofCode, at: now, in: store)
                let proof = AuthCredential.phone(verificationID: proofID, code: proofCode)
                return .failure(AuthError(.phoneNumberExists,
                                          conflict: AccountConflictInfo(email: nil, credential: proof)))
            }
            try Self.requirePhoneFirstFactor(uid: uid, firstFactorRule, in: store)
            guard account.phoneNumber == nil || account.phoneNumber == number else {
                throw AuthError(.operationNotAllowed, detail: "link: a different phone number is linked")
            }
            try requireRecentSignIn(uid, binding: binding, in: store)
            try store.usePhoneVerification(verification.sessionInfo)
            return .success(try binding.link(ProviderID.phone.rawValue, to: uid, at: now, in: store) { $0.phoneNumber = number })
        }
    }

    /// The number a verification (or conflict proof) was made for, whatever its state; nil for an unknown id.
    public func phoneNumber(sessionInfo: String) throws(AuthError) -> String? {
        try withStore { store throws(AuthError) in try store.phoneVerification(sessionInfo)?.phoneNumber }
    }

    /// Runs `body` with a verification whose `code` is right, in one write.
    ///
    /// Failures are returned rather than thrown where the write must still commit: a wrong code counts
    /// towards the limit, and `body` may record state (a used code, a minted proof) before failing.
    /// What `body` throws rolls everything back.
    func withVerifiedPhone<Value: Sendable>(
        _ verificationID: String, code: String, at now: Date,
        _ body: (LocalStore, PhoneVerificationRecord) throws(AuthError) -> Result<Value, AuthError>
    ) throws(AuthError) -> Value {
        try write { store throws(AuthError) -> Result<Value, AuthError> in
            guard !code.isEmpty else { return .failure(AuthError(.missingCode)) }
            guard let verification = try store.phoneVerification(verificationID) else {
                return .failure(AuthError(.invalidSessionInfo))
            }
            guard !verification.isUsed, now < verification.expiresAt,
                  verification.failedAttempts < Self.maximumWrongPhoneCodes
            else { return .failure(AuthError(.sessionExpired)) }
            guard verification.code == code else {
                try store.recordWrongPhoneCode(verificationID)
                return .failure(AuthError(.invalidCode))
            }
            return try body(store, verification)
        }.get()
    }

    /// Stores a fresh verification for `number`, valid until `deadline` (by default `phoneCodeLifetime` from
    /// `now`).
    static func storeVerification(sessionInfo: String, number: String, code: String, at now: Date,
                                  expiringAt deadline: Date? = nil, in store: LocalStore) throws(AuthError) {
        let verification = PhoneVerificationRecord(
            sessionInfo: sessionInfo, phoneNumber: number, code: code,
            expiresAt: deadline ?? now.addingTimeInterval(Self.phoneCodeLifetime), failedAttempts: 0, isUsed: false)
        try store.insertPhoneVerification(
            verification, forgettingBefore: now.addingTimeInterval(-Self.phoneVerificationRetention))
    }
}
