import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:sendVerificationCode`: texts a code to `phoneNumber` (it lands in the inbox) and returns the
    /// `sessionInfo` to sign in with; a number whose account has a text-message second factor is
    /// UNSUPPORTED_FIRST_FACTOR, as in Firebase's emulator (so is signing in or linking with it). `recaptchaToken` is checked with `--require-recaptcha`; other
    /// app-verification fields are accepted and not checked.
    func sendVerificationCode(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requirePhoneSignIn()
        guard let number = try call.fields.nonEmptyString("phoneNumber") else {
            throw APIError("INVALID_PHONE_NUMBER", "Invalid format.")  // as production and Firebase's emulator
        }
        try requirePhoneRecaptcha(call.fields, now: call.now)
        let sessionInfo = try engineCall { () throws(AuthError) in
            try engine.sendVerificationCode(phoneNumber: number, firstFactorRule: .refused)
        }
        return ["sessionInfo": sessionInfo]
    }

    /// `accounts:signInWithPhoneNumber`: signs in (or up) with `sessionInfo` and `code`, or with a
    /// `temporaryProof` and its `phoneNumber`. With `idToken` it links the number to that user; when the number
    /// is another account's, the answer is 200 with a `temporaryProof` for that account and no tokens, and
    /// PHONE_NUMBER_EXISTS when that proof is presented with an `idToken` again.
    func signInWithPhoneNumber(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requirePhoneSignIn()
        let (sessionInfo, code) = try phoneCredential(call)
        let outcome: LocalSignInOutcome
        if try call.fields.string("idToken") != nil {
            let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            do {
                let linked = try engine.linkPhone(uid: account.uid, sessionInfo: sessionInfo, code: code,
                                                  authTime: claims.authTime, firstFactorRule: .refused)
                outcome = .signedIn(LocalSignIn(account: linked, provider: "phone", authTime: call.now,
                                                isNewUser: false))
            } catch {
                // A temporary proof already stands for the conflict: presented again, the conflict is the answer.
                guard error.code == .phoneNumberExists, try call.fields.string("temporaryProof") == nil,
                      case .phone(let proofID, let proofCode)? = error.conflict?.credential
                else { throw APIError(error) }
                let number = try engineCall { () throws(AuthError) in
                    try engine.phoneNumber(sessionInfo: proofID)
                }
                return ["temporaryProof": "\(proofID).\(proofCode)", "phoneNumber": number ?? "",
                        "temporaryProofExpiresIn": "300"]
            }
        } else {
            outcome = try engineCall { () throws(AuthError) in
                try engine.signIn(phoneSessionInfo: sessionInfo, code: code, firstFactorRule: .refused)
            }
        }
        let passed = try passBlockingFunctions(outcome, .phone)
        var response = try firstFactorResponse(passed) { (signIn) throws(APIError) in
            var fields = try tokens(for: signIn, at: call.now)
            fields["localId"] = signIn.account.uid
            fields["isNewUser"] = signIn.isNewUser
            return fields
        }
        response["phoneNumber"] = outcome.account.phoneNumber ?? ""
        return response
    }

    /// The verification to use: `sessionInfo` and `code`, or a `temporaryProof` (which carries both) whose
    /// number must be `phoneNumber`.
    private func phoneCredential(_ call: Call) throws(APIError) -> (sessionInfo: String, code: String) {
        if let proof = try call.fields.nonEmptyString("temporaryProof") {
            let parts = proof.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw APIError("INVALID_TEMPORARY_PROOF") }
            let sessionInfo = String(parts[0])
            let number = try engineCall { () throws(AuthError) in
                try engine.phoneNumber(sessionInfo: sessionInfo)
            }
            guard let number, number == (try call.fields.string("phoneNumber")) else {
                throw APIError("INVALID_TEMPORARY_PROOF")
            }
            return (sessionInfo, String(parts[1]))
        }
        guard let sessionInfo = try call.fields.nonEmptyString("sessionInfo") else {
            throw APIError("MISSING_SESSION_INFO")
        }
        guard let code = try call.fields.nonEmptyString("code") else { throw APIError("MISSING_CODE") }
        return (sessionInfo, code)
    }
}
