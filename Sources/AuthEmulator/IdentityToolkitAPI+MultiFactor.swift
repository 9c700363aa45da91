import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `v2/accounts/mfaEnrollment:start`: with `phoneEnrollmentInfo.phoneNumber` texts an enrolment code (it
    /// lands in the inbox) and returns `phoneSessionInfo`; with `totpEnrollmentInfo: {}` returns a fresh
    /// shared secret and its parameters in `totpSessionInfo`.
    func startMFAEnrollment(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requireSecondFactor(totp: call.fields.values["totpEnrollmentInfo"] != nil)
        let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
        if let phone = try call.fields.object("phoneEnrollmentInfo") {
            guard let number = try phone.nonEmptyString("phoneNumber") else { throw APIError("MISSING_PHONE_NUMBER") }
            try requirePhoneRecaptcha(phone, now: call.now)
            let sessionInfo = try engineCall { () throws(AuthError) in
                try engine.startPhoneEnrollment(uid: account.uid, phoneNumber: number, authTime: claims.authTime,
                                                signInProvider: claims.provider)
            }
            return ["phoneSessionInfo": ["sessionInfo": sessionInfo]]
        }
        guard try call.fields.object("totpEnrollmentInfo") != nil else {
            throw .invalidArgument("phoneEnrollmentInfo or totpEnrollmentInfo is required")
        }
        let session = try engineCall { () throws(AuthError) in
            try engine.startTOTPEnrollment(uid: account.uid, authTime: claims.authTime,
                                           signInProvider: claims.provider)
        }
        return ["totpSessionInfo": [
            "sharedSecretKey": session.sharedSecretKey, "verificationCodeLength": TOTP.digits,
            "hashingAlgorithm": "SHA1", "periodSec": Int(TOTP.period), "sessionInfo": session.sessionInfo,
            "finalizeEnrollmentTime": Self.rfc3339(session.finalizeBy),
        ]]
    }

    /// `v2/accounts/mfaEnrollment:finalize`: enrols the factor proven by `phoneVerificationInfo` (session and
    /// SMS code) or `totpVerificationInfo` (session and TOTP code) under `displayName`; returns new tokens.
    func finalizeMFAEnrollment(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requireSecondFactor(totp: call.fields.values["totpVerificationInfo"] != nil)
        let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
        let displayName = try call.fields.nonEmptyString("displayName")
        var response: [String: Any] = [:]
        let enrolled: EnrolledFactor
        if let phone = try call.fields.object("phoneVerificationInfo") {
            let (sessionInfo, code) = try Self.verification(phone, codeField: "code")
            enrolled = try engineCall { () throws(AuthError) in
                try engine.finishPhoneEnrollment(uid: account.uid, sessionInfo: sessionInfo, code: code,
                                                 displayName: displayName, authTime: claims.authTime,
                                                 signInProvider: claims.provider)
            }
        } else if let totp = try call.fields.object("totpVerificationInfo") {
            let (sessionInfo, code) = try Self.verification(totp, codeField: "verificationCode")
            enrolled = try engineCall { () throws(AuthError) in
                try engine.finishTOTPEnrollment(uid: account.uid, sessionInfo: sessionInfo, code: code,
                                                displayName: displayName, authTime: claims.authTime,
                                                signInProvider: claims.provider)
            }
            response["totpAuthInfo"] = [String: Any]()
        } else {
            throw .invalidArgument("phoneVerificationInfo or totpVerificationInfo is required")
        }
        for (key, value) in try renewedTokens(uid: account.uid, claims: claims, secondFactor: enrolled,
                                              at: call.now) {
            response[key] = value
        }
        return response
    }

    /// `v2/accounts/mfaEnrollment:withdraw`: removes factor `mfaEnrollmentId`; returns new tokens.
    func withdrawMFA(_ call: Call) throws(APIError) -> [String: Any] {
        let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
        guard let enrollmentID = try call.fields.nonEmptyString("mfaEnrollmentId") else {
            throw APIError("MISSING_MFA_ENROLLMENT_ID")
        }
        let left = try engineCall { () throws(AuthError) -> [EnrolledFactor] in
            _ = try engine.withdrawSecondFactor(uid: account.uid, enrollmentID: enrollmentID,
                                                authTime: claims.authTime)
            return try engine.secondFactors(uid: account.uid)
        }
        if left.isEmpty { withdrawnFactorLists?.noteEmptied(account) }
        return try renewedTokens(uid: account.uid, claims: claims, at: call.now)
    }

    /// `v2/accounts/mfaSignIn:start`: texts a code to SMS factor `mfaEnrollmentId` of a pending sign-in and
    /// returns `phoneResponseInfo.sessionInfo`; `phoneSignInInfo` may be left out unless production's rules apply.
    func startMFASignIn(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requireSecondFactor(totp: false)
        guard let pending = try call.fields.nonEmptyString("mfaPendingCredential") else {
            throw APIError("MISSING_MFA_PENDING_CREDENTIAL")
        }
        guard let enrollmentID = try call.fields.nonEmptyString("mfaEnrollmentId") else {
            throw APIError("MISSING_MFA_ENROLLMENT_ID")
        }
        let phone = try call.fields.object("phoneSignInInfo")
        // Firebase's emulator serves a request without it; production, and so production's rules, need it.
        if phone == nil, projects.isStrict { throw .invalidArgument("phoneSignInInfo is required") }
        try requirePhoneRecaptcha(phone ?? JSONFields(values: [:]), now: call.now)
        let sessionInfo = try engineCall { () throws(AuthError) in
            try engine.startPhoneMultiFactorSignIn(pendingCredential: pending, enrollmentID: enrollmentID)
        }
        return ["phoneResponseInfo": ["sessionInfo": sessionInfo]]
    }

    /// `v2/accounts/mfaSignIn:finalize`: completes a pending sign-in with `phoneVerificationInfo` (session and
    /// SMS code) or `mfaEnrollmentId` and `totpVerificationInfo.verificationCode`; returns the tokens, whose
    /// ID token names the second factor.
    func finalizeMFASignIn(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requireSecondFactor(totp: call.fields.values["totpVerificationInfo"] != nil)
        guard let pending = try call.fields.nonEmptyString("mfaPendingCredential") else {
            throw APIError("MISSING_MFA_PENDING_CREDENTIAL")
        }
        let completed: SecondFactorSignIn
        if let phone = try call.fields.object("phoneVerificationInfo") {
            let (sessionInfo, code) = try Self.verification(phone, codeField: "code")
            completed = try engineCall { () throws(AuthError) in
                try engine.finishPhoneMultiFactorSignIn(pendingCredential: pending, sessionInfo: sessionInfo,
                                                        code: code)
            }
        } else if let totp = try call.fields.object("totpVerificationInfo") {
            guard let enrollmentID = try call.fields.nonEmptyString("mfaEnrollmentId") else {
                throw APIError("MISSING_MFA_ENROLLMENT_ID")
            }
            guard let code = try totp.nonEmptyString("verificationCode") else { throw APIError("MISSING_CODE") }
            completed = try engineCall { () throws(AuthError) in
                try engine.finishTOTPMultiFactorSignIn(pendingCredential: pending, enrollmentID: enrollmentID,
                                                       code: code)
            }
        } else {
            throw APIError("MISSING_CREDENTIAL")
        }
        let signIn = try passBlockingFunctions(completed.signIn, BlockingFunctionSignIn(
            method: completed.signIn.provider, secondFactor: completed.factor.claimName))
        return Self.v2Tokens(try tokens(for: signIn, secondFactor: completed.factor, at: call.now))
    }

    /// The answer to a first factor: `signedIn`'s fields when it signed in; otherwise the 200 answer that holds
    /// the sign-in back, with `mfaPendingCredential` and `mfaInfo` (phone numbers masked), `localId` and `email`,
    /// and no tokens.
    func firstFactorResponse(_ outcome: LocalSignInOutcome, signedIn: (LocalSignIn) throws(APIError) -> [String: Any])
        throws(APIError) -> [String: Any] {
        switch outcome {
        case .signedIn(let signIn):
            return try signedIn(signIn)
        case .secondFactorRequired(let challenge):
            var response: [String: Any] = [
                "mfaPendingCredential": challenge.pendingCredential,
                "mfaInfo": challenge.factors.map { Self.mfaInfo($0, masked: true) },
                "localId": challenge.account.uid,
            ]
            if let email = challenge.account.email { response["email"] = email }
            return response
        }
    }

    /// One `mfaInfo` entry: id, name, enrolment time, and `phoneInfo` (masked as production masks it at
    /// sign-in: `+*******1234`; unmasked also as `unobfuscatedPhoneInfo`, as Firebase's emulator lists it) or
    /// `totpInfo: {}`.
    static func mfaInfo(_ factor: EnrolledFactor, masked: Bool) -> [String: Any] {
        var entry: [String: Any] = ["mfaEnrollmentId": factor.id, "enrolledAt": rfc3339(factor.enrolledAt)]
        if let name = factor.displayName { entry["displayName"] = name }
        switch factor.kind {
        case .sms:
            entry["phoneInfo"] = (masked ? factor.maskedPhoneNumber : factor.phoneNumber) ?? ""
            if !masked { entry["unobfuscatedPhoneInfo"] = factor.phoneNumber ?? "" }
        case .totp:
            entry["totpInfo"] = [String: Any]()
        }
        return entry
    }

    /// New tokens for `uid` after its factors changed, continuing the sign-in `claims` describe; after an
    /// enrolment they name the new factor as the sign-in's second (as Firebase's emulator does), after a
    /// withdrawal none.
    private func renewedTokens(uid: String, claims: VerifiedClaims, secondFactor: EnrolledFactor? = nil,
                               at now: Date) throws(APIError) -> [String: Any] {
        guard let account = try engineCall({ () throws(AuthError) in try engine.account(uid: uid) }) else {
            throw APIError("USER_NOT_FOUND")
        }
        let signIn = LocalSignIn(account: account, provider: claims.provider, authTime: claims.authTime,
                                 isNewUser: false)
        return Self.v2Tokens(try tokens(for: signIn, secondFactor: secondFactor, at: now))
    }

    /// The v2 answers carry `idToken` and `refreshToken` only: their schemas have no `expiresIn`.
    private static func v2Tokens(_ tokens: [String: Any]) -> [String: Any] {
        tokens.filter { $0.key != "expiresIn" }
    }

    /// The `sessionInfo` and code of a verification-info object.
    private static func verification(_ info: JSONFields, codeField: String) throws(APIError)
        -> (sessionInfo: String, code: String) {
        guard let sessionInfo = try info.nonEmptyString("sessionInfo") else { throw APIError("MISSING_SESSION_INFO") }
        guard let code = try info.nonEmptyString(codeField) else { throw APIError("MISSING_CODE") }
        return (sessionInfo, code)
    }

    /// A moment as RFC 3339 with milliseconds, as Google's `google-datetime` fields carry it.
    static func rfc3339(_ date: Date) -> String {
        RFC3339.string(date, milliseconds: true)
    }
}

extension IdentityToolkitAPI {
    /// `UserInfo` of `account` with its second factors in `mfaInfo` (numbers in full), as `accounts:lookup`
    /// lists them: none leaves `mfaInfo` out, except `[]` after the last was withdrawn, as Firebase's emulator
    /// answers unless production's rules apply (production's JSON leaves empty lists out).
    func userWithFactors(_ account: LocalAccount) throws(APIError) -> [String: Any] {
        var user = UserInfo.json(account)
        if let tenantID { user["tenantId"] = tenantID }
        let factors = try engineCall { () throws(AuthError) in try engine.secondFactors(uid: account.uid) }
        if !factors.isEmpty {
            user["mfaInfo"] = factors.map { Self.mfaInfo($0, masked: false) }
        } else if !projects.isStrict, withdrawnFactorLists?.wasEmptied(account) == true {
            user["mfaInfo"] = [Any]()
        }
        return user
    }

    /// The accounts of this API's scope whose factors were withdrawn down to none; nil while nothing was
    /// written to the scope.
    var withdrawnFactorLists: WithdrawnFactorLists? {
        (try? projects.existingState(of: EmulatorScope(project: projectID, tenant: tenantID)))?.withdrawnFactorLists
    }
}
