import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:signUp`: an anonymous account (no email or password), an email/password account, or, with
    /// `idToken`, email and password linked to that user (the anonymous upgrade). A tenant without password
    /// sign-up refuses the second and third (OPERATION_NOT_ALLOWED), one without anonymous users the first
    /// (ADMIN_ONLY_OPERATION), unless the owner asks.
    func signUp(_ call: Call) throws(APIError) -> [String: Any] {
        let email = try call.fields.string("email")
        let password = try call.fields.string("password")
        let displayName = try call.fields.nonEmptyString("displayName")
        if email == "", password != nil { throw APIError("INVALID_EMAIL") }  // not an anonymous sign-up
        if !call.isAdmin {
            let rules = signInRules
            if try call.fields.string("idToken") != nil || email != nil || password != nil {
                if !(email ?? "").isEmpty, !(password ?? "").isEmpty, !rules.passwordAllowed {
                    throw APIError("OPERATION_NOT_ALLOWED")
                }
            } else if !rules.anonymousAllowed {
                throw APIError("ADMIN_ONLY_OPERATION")
            }
        }
        var signIn: LocalSignIn
        if try call.fields.string("idToken") != nil {
            let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            let linked = try engineCall { () throws(AuthError) in
                try engine.linkPassword(uid: account.uid, email: email ?? "", password: password ?? "",
                                        authTime: claims.authTime)
            }
            signIn = LocalSignIn(account: linked, provider: "password", authTime: call.now, isNewUser: false)
        } else if email == nil && password == nil {
            signIn = try engineCall { () throws(AuthError) in try engine.createAnonymousAccount() }
        } else {
            signIn = try engineCall { () throws(AuthError) in
                try engine.createAccount(email: email ?? "", password: password ?? "")
            }
        }
        if let displayName {
            let uid = signIn.account.uid
            signIn.account = try engineCall { () throws(AuthError) in
                try engine.updateProfile(uid: uid, displayName: displayName)
            }
        }
        if signIn.isNewUser, !(email ?? "").isEmpty, !call.isAdmin {
            signIn = try passBlockingFunctions(signIn, .password)
        }
        return try signInResponse(signIn, kind: "SignupNewUserResponse", at: call.now)
    }

    /// `accounts:signInWithPassword`. With email-enumeration protection an unknown email and a
    /// wrong password are both INVALID_LOGIN_CREDENTIALS; without it they are EMAIL_NOT_FOUND and
    /// INVALID_PASSWORD.
    func signInWithPassword(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requirePasswordSignIn()
        guard let email = try call.fields.string("email") else { throw APIError("MISSING_EMAIL") }
        guard !email.isEmpty else { throw APIError("INVALID_EMAIL") }
        let password = try call.fields.string("password") ?? ""
        let protected = settings.value.emailEnumerationProtection
        if !protected, !email.isEmpty, !password.isEmpty,
           try engineCall({ () throws(AuthError) in try engine.account(email: email) }) == nil {
            throw APIError("EMAIL_NOT_FOUND")
        }
        let outcome: LocalSignInOutcome
        do {
            outcome = try engine.signIn(email: email, password: password)
        } catch where error.code == .invalidLoginCredentials && !protected {
            throw APIError("INVALID_PASSWORD")
        } catch {
            throw APIError(error)
        }
        let passed = try passBlockingFunctions(outcome, .password)
        var response = try firstFactorResponse(passed) { (signIn) throws(APIError) in
            var fields = try signInResponse(signIn, kind: "VerifyPasswordResponse", at: call.now)
            fields["displayName"] = signIn.account.displayName ?? ""
            return fields
        }
        response["registered"] = true
        return response
    }
}
