import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// The signed-in user's second factors, from `accounts:lookup`.
    public func enrolledFactors() async throws(AuthError) -> [MultiFactorInfo] {
        let account = try await withIDToken { (idToken) throws(AuthError) -> AccountInfo in
            try await lookUpAccount(idToken: idToken)
        }
        return (account.mfaInfo ?? []).compactMap(\.factorInfo)
    }

    /// Sends an enrolment SMS (`mfaEnrollment:start` with `phoneEnrollmentInfo`, and its `recaptchaToken` when a
    /// challenge was solved); returns its session info.
    public func startPhoneEnrollment(phoneNumber: String, recaptchaToken: String?) async throws(AuthError) -> String {
        let response = try await withIDToken { (idToken) throws(AuthError) -> StartMFAEnrollmentResponse in
            let body: RequestValue = [
                "idToken": .string(idToken),
                "phoneEnrollmentInfo": try phoneFields(["phoneNumber": .string(phoneNumber)],
                                                       recaptchaToken: recaptchaToken, for: .mfaSmsEnrollment),
            ]
            return try await post("v2/accounts/mfaEnrollment:start", body, as: StartMFAEnrollmentResponse.self)
        }
        guard let sessionInfo = response.phoneSessionInfo?.sessionInfo else {
            throw RESTErrorMapping.malformedResponse(operation: "mfaEnrollment:start")
        }
        return sessionInfo
    }

    /// Starts a TOTP enrolment (`mfaEnrollment:start` with `totpEnrollmentInfo`): the shared secret and its
    /// `otpauth://totp/ISSUER:ACCOUNT?…` URL built from the parameters the server returned.
    public func generateTOTPSecret(accountName: String, issuer: String) async throws(AuthError) -> TOTPSecret {
        let response = try await withIDToken { (idToken) throws(AuthError) -> StartMFAEnrollmentResponse in
            let body: RequestValue = ["idToken": .string(idToken), "totpEnrollmentInfo": [:]]
            return try await post("v2/accounts/mfaEnrollment:start", body, as: StartMFAEnrollmentResponse.self)
        }
        guard let session = response.totpSessionInfo else {
            throw RESTErrorMapping.malformedResponse(operation: "mfaEnrollment:start")
        }
        return TOTPSecret(sessionInfo: session.sessionInfo, sharedSecretKey: session.sharedSecretKey,
                          qrCodeURL: Self.otpauthURL(session, accountName: accountName, issuer: issuer))
    }

    /// Finishes an enrolment (`mfaEnrollment:finalize`); the new tokens replace the session's.
    public func enroll(_ assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        let response = try await withIDToken { (idToken) throws(AuthError) -> SignInResponse in
            var body: [String: RequestValue] = ["idToken": .string(idToken)]
            body["displayName"] = displayName.map(RequestValue.string)
            switch assertion {
            case .phone(let verificationID, let code):
                body["phoneVerificationInfo"] = ["sessionInfo": .string(verificationID), "code": .string(code)]
            case .totp(let sessionInfo, let code):
                body["totpVerificationInfo"] = ["sessionInfo": .string(sessionInfo), "verificationCode": .string(code)]
            }
            return try await post("v2/accounts/mfaEnrollment:finalize", .object(body), as: SignInResponse.self)
        }
        _ = try await adopt(response)
    }

    /// Removes a second factor (`mfaEnrollment:withdraw`); the new tokens replace the session's.
    public func unenroll(factorUID: String) async throws(AuthError) {
        let response = try await withIDToken { (idToken) throws(AuthError) -> SignInResponse in
            let body: RequestValue = ["idToken": .string(idToken), "mfaEnrollmentId": .string(factorUID)]
            return try await post("v2/accounts/mfaEnrollment:withdraw", body, as: SignInResponse.self)
        }
        _ = try await adopt(response)
    }

    /// Sends the sign-in SMS for a phone hint (`mfaSignIn:start`, with `phoneSignInInfo.recaptchaToken` when a
    /// challenge was solved); returns its session info.
    public func startPhoneMFASignIn(_ required: MFARequired, hintUID: String, recaptchaToken: String?)
        async throws(AuthError) -> String {
        let body: RequestValue = [
            "mfaPendingCredential": .string(required.pendingCredential), "mfaEnrollmentId": .string(hintUID),
            "phoneSignInInfo": try phoneFields([:], recaptchaToken: recaptchaToken, for: .mfaSmsSignIn),
        ]
        let response = try await post("v2/accounts/mfaSignIn:start", body, as: StartMFASignInResponse.self)
        guard let sessionInfo = response.phoneResponseInfo?.sessionInfo else {
            throw RESTErrorMapping.malformedResponse(operation: "mfaSignIn:start")
        }
        return sessionInfo
    }

    /// Finishes a sign-in with its second factor (`mfaSignIn:finalize`) and starts the session.
    ///
    /// TOTP has no start call, so `.totp(sessionInfo:code:)` names the factor by its hint uid in
    /// `sessionInfo`; any other value picks the first TOTP hint.
    public func resolveSignIn(_ required: MFARequired, assertion: MultiFactorAssertion)
        async throws(AuthError) -> User {
        var body: [String: RequestValue] = ["mfaPendingCredential": .string(required.pendingCredential)]
        switch assertion {
        case .phone(let verificationID, let code):
            body["phoneVerificationInfo"] = ["sessionInfo": .string(verificationID), "code": .string(code)]
        case .totp(let sessionInfo, let code):
            guard let enrollmentID = required.totpHintUID(named: sessionInfo) else {
                throw AuthError(.mfaEnrollmentNotFound, detail: "mfaSignIn:finalize: no TOTP factor among the hints")
            }
            body["mfaEnrollmentId"] = .string(enrollmentID)
            body["totpVerificationInfo"] = ["verificationCode": .string(code)]
        }
        let response = try await post("v2/accounts/mfaSignIn:finalize", .object(body), as: SignInResponse.self)
        return try await adopt(response)
    }

    /// The key URI of `session`, with the parameters the server returned.
    static func otpauthURL(_ session: StartMFAEnrollmentResponse.TOTPSession, accountName: String,
                           issuer: String) -> String {
        TOTPSecret.otpauthURL(sharedSecretKey: session.sharedSecretKey, issuer: issuer, accountName: accountName,
                              algorithm: session.hashingAlgorithm, digits: session.verificationCodeLength ?? 6,
                              period: session.periodSec ?? 30)
    }
}

extension MFAEnrollment {
    /// The factor as the account screen lists it; nil for kinds FirebaseUI does not know.
    var factorInfo: MultiFactorInfo? {
        guard let uid = mfaEnrollmentId else { return nil }
        let factor: SecondFactorType
        if phoneInfo != nil {
            factor = .sms
        } else if totpInfo != nil {
            factor = .totp
        } else {
            return nil
        }
        let enrolled = enrolledAt.flatMap(Self.rfc3339) ?? Date(timeIntervalSince1970: 0)
        return MultiFactorInfo(uid: uid, factor: factor, displayName: displayName, phoneNumber: phoneInfo,
                               enrollmentDate: enrolled)
    }

    /// An RFC 3339 time, with or without fractional seconds.
    static func rfc3339(_ text: String) -> Date? {
        RFC3339.date(text)
    }
}
