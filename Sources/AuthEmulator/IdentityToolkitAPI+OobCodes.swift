import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:sendOobCode` for PASSWORD_RESET (`email`), EMAIL_SIGNIN (`email`, optional `continueUrl`),
    /// VERIFY_EMAIL (`idToken`, or an admin's `email`) and VERIFY_AND_CHANGE_EMAIL (`newEmail`, and `idToken` or
    /// an admin's `email`). An admin may ask for the code back with `returnOobLink` instead of reading the inbox.
    func sendOobCode(_ call: Call) throws(APIError) -> [String: Any] {
        guard let requestType = try call.fields.nonEmptyString("requestType") else {
            throw APIError("MISSING_REQ_TYPE")
        }
        let returnLink = try call.fields.bool("returnOobLink") ?? false
        if returnLink { try call.requireAdmin("returnOobLink") }
        if let continueURL = try call.fields.nonEmptyString("continueUrl"), !AbsoluteURI.isAbsolute(continueURL) {
            throw APIError("INVALID_CONTINUE_URI", "((expected an absolute URI with valid scheme and host))")
        }
        let email: String
        let code: String?
        switch requestType {
        case "PASSWORD_RESET":
            try requirePasswordRecaptcha(call, tokenField: "captchaResp")
            email = try call.fields.string("email") ?? ""
            code = try engineCall { () throws(AuthError) in try engine.sendPasswordReset(email: email) }
            if code == nil && !settings.value.emailEnumerationProtection {
                throw APIError("EMAIL_NOT_FOUND")
            }
        case "EMAIL_SIGNIN":
            try signInRules.requireEmailLink()
            email = try call.fields.string("email") ?? ""
            let continueURL = try call.fields.nonEmptyString("continueUrl")
            code = try engineCall { () throws(AuthError) in
                try engine.sendSignInLink(email: email, continueURL: continueURL)
            }
        case "VERIFY_EMAIL":
            let account = try verificationTarget(call, returnsLink: returnLink)
            email = account.email ?? ""
            code = try engineCall { () throws(AuthError) in try engine.sendEmailVerification(uid: account.uid) }
        case "VERIFY_AND_CHANGE_EMAIL":
            guard let newEmail = try call.fields.nonEmptyString("newEmail")?.lowercased() else {
                throw APIError("MISSING_NEW_EMAIL")
            }
            let account = try emailChangeTarget(call, returnsLink: returnLink)
            email = account.email ?? ""
            code = try engineCall { () throws(AuthError) in
                try engine.sendVerifyAndChangeEmail(uid: account.uid, newEmail: newEmail)
            }
        case "RECOVER_EMAIL", "REVERT_SECOND_FACTOR_ADDITION":
            throw APIError.notImplemented("\(requestType) is not supported")
        default:
            throw APIError.invalidArgument("Invalid value at 'requestType' (TYPE_ENUM), \"\(requestType)\"")
        }
        var response: [String: Any] = ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email]
        if returnLink, let code {
            response["oobCode"] = code
            let link = try engineCall { () throws(AuthError) in
                try engine.pendingOobCodes().first { $0.code == code }?.link
            }
            response["oobLink"] = link.map { actionLink($0, host: call.host) }
        }
        return response
    }

    /// The account whose email a VERIFY_EMAIL request verifies, as Firebase's emulator picks it: an admin asking
    /// for the link without `idToken` names it by `email` (MISSING_EMAIL, USER_NOT_FOUND); anyone else by
    /// `idToken`.
    private func verificationTarget(_ call: Call, returnsLink: Bool) throws(APIError) -> LocalAccount {
        guard returnsLink, try call.fields.string("idToken") == nil else {
            return try signedInAccount(try call.fields.string("idToken"), at: call.now).0
        }
        guard let email = try call.fields.nonEmptyString("email") else { throw APIError("MISSING_EMAIL") }
        guard let account = try engineCall({ () throws(AuthError) in try engine.account(email: email) }) else {
            throw APIError("USER_NOT_FOUND")
        }
        return account
    }

    /// The account a VERIFY_AND_CHANGE_EMAIL request changes, in Firebase's order: an admin asking for the link
    /// without `idToken` names it by `email` (MISSING_EMAIL, USER_NOT_FOUND); anyone else by `idToken`
    /// (MISSING_ID_TOKEN), whose account needs an email (MISSING_EMAIL).
    private func emailChangeTarget(_ call: Call, returnsLink: Bool) throws(APIError) -> LocalAccount {
        let idToken = try call.fields.nonEmptyString("idToken")
        guard returnsLink, idToken == nil else {
            guard let idToken else { throw APIError("MISSING_ID_TOKEN") }
            let account = try signedInAccount(idToken, at: call.now).0
            guard account.email != nil else { throw APIError("MISSING_EMAIL") }
            return account
        }
        guard let email = try call.fields.nonEmptyString("email") else { throw APIError("MISSING_EMAIL") }
        guard let account = try engineCall({ () throws(AuthError) in try engine.account(email: email) }) else {
            throw APIError("USER_NOT_FOUND")
        }
        return account
    }

    /// `accounts:resetPassword`: with `oobCode` alone, what the code is for (without using it); with
    /// `newPassword` too, the reset itself (tokens issued before are revoked; sign in again).
    func resetPassword(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requirePasswordSignIn()
        guard let code = try call.fields.nonEmptyString("oobCode") else { throw APIError("MISSING_OOB_CODE") }
        var response: [String: Any] = ["kind": "identitytoolkit#ResetPasswordResponse"]
        if let newPassword = try call.fields.string("newPassword") {
            let account = try engineCall { () throws(AuthError) in
                try engine.resetPassword(code: code, newPassword: newPassword)
            }
            response["requestType"] = "PASSWORD_RESET"
            response["email"] = account.email ?? ""
            return response
        }
        let pending = try engineCall { () throws(AuthError) in try engine.inspectOobCode(code) }
        response["requestType"] = Self.requestType(of: pending.kind)
        if pending.kind != .emailSignIn { response["email"] = pending.email }
        if let newEmail = pending.newEmail { response["newEmail"] = newEmail }
        return response
    }

    /// `accounts:signInWithEmailLink`: signs in (or up) with an emailed code, or with `idToken` signs that user
    /// in, the link's email becoming the account's; either way an account with second factors answers
    /// `mfaPendingCredential`.
    func signInWithEmailLink(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requireEmailLink()
        let email = try call.fields.string("email") ?? ""
        let code = try call.fields.string("oobCode") ?? ""
        let outcome: LocalSignInOutcome
        if try call.fields.string("idToken") != nil {
            let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            outcome = try engineCall { () throws(AuthError) in
                try engine.signIn(email: email, link: code, uid: account.uid, authTime: claims.authTime)
            }
        } else {
            guard !email.isEmpty else { throw APIError("MISSING_EMAIL") }
            outcome = try engineCall { () throws(AuthError) in try engine.signIn(email: email, link: code) }
        }
        return try firstFactorResponse(try passBlockingFunctions(outcome, .emailLink)) { (signIn) throws(APIError) in
            var response = try signInResponse(signIn, kind: "EmailLinkSigninResponse", at: call.now)
            response["isNewUser"] = signIn.isNewUser
            response.removeValue(forKey: "displayName")
            return response
        }
    }

    /// The REST name of an emailed code's purpose.
    static func requestType(of kind: OutboxMessage.Kind) -> String {
        switch kind {
        case .passwordReset: "PASSWORD_RESET"
        case .emailSignIn: "EMAIL_SIGNIN"
        case .verifyEmail: "VERIFY_EMAIL"
        case .verifyAndChangeEmail: "VERIFY_AND_CHANGE_EMAIL"
        case .recoverEmail: "RECOVER_EMAIL"
        case .sms: "SMS"
        }
    }
}
