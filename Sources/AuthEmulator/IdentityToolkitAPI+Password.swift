import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:signUp`: an anonymous account (no email or password; a name given is ignored), an
    /// email/password account, or, with `idToken`, email and password linked to that user (the anonymous
    /// upgrade; a password user's are replaced). Only the owner chooses the `localId` (UNEXPECTED_PARAMETER otherwise): the owner's sign-up
    /// without `idToken` is an Admin create (`createAccount`, no tokens). A tenant without password sign-up
    /// refuses the second and third (OPERATION_NOT_ALLOWED), one without anonymous users the first
    /// (ADMIN_ONLY_OPERATION), unless the owner asks. The email is kept lower-cased, and `mfaInfo` enrols SMS
    /// second factors (new ids), as in Firebase's emulator.
    func signUp(_ call: Call) throws(APIError) -> [String: Any] {
        let linking = try call.fields.string("idToken") != nil
        if call.isAdmin, !linking { return try createAccount(call) }
        if try call.fields.nonEmptyString("localId") != nil { throw APIError("UNEXPECTED_PARAMETER", "User ID") }
        let email = try call.fields.string("email")?.lowercased()
        let password = try call.fields.string("password")
        if email == "", password != nil { throw APIError("INVALID_EMAIL") }  // not an anonymous sign-up
        let anonymous = !linking && email == nil && password == nil
        var changes = AccountChanges()
        changes.displayName = anonymous ? nil : try call.fields.nonEmptyString("displayName")
        if let entries = try call.fields.objects("mfaInfo") {
            changes.secondFactors = try MfaEnrollments.factors(entries, generatingIDs: true, at: call.now)
        }
        if !call.isAdmin {
            let rules = signInRules
            if !anonymous {
                if !(email ?? "").isEmpty, !(password ?? "").isEmpty, !rules.passwordAllowed {
                    throw APIError("OPERATION_NOT_ALLOWED")
                }
            } else if !rules.anonymousAllowed {
                throw APIError("ADMIN_ONLY_OPERATION")
            }
        }
        if !anonymous { try requirePasswordRecaptcha(call) }
        var signIn: LocalSignIn
        if linking {
            let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            let linked = try account.hasPassword
                ? replacePassword(of: account, email: email, password: password, authTime: claims.authTime)
                : engineCall { () throws(AuthError) in
                    try engine.linkPassword(uid: account.uid, email: email ?? "", password: password ?? "",
                                            authTime: claims.authTime)
                }
            signIn = LocalSignIn(account: linked, provider: "password", authTime: call.now, isNewUser: false)
        } else if anonymous {
            signIn = try engineCall { () throws(AuthError) in try engine.createAnonymousAccount() }
        } else {
            signIn = try engineCall { () throws(AuthError) in
                try engine.createAccount(email: email ?? "", password: password ?? "")
            }
        }
        if changes != AccountChanges() {
            let uid = signIn.account.uid
            let extra = changes
            signIn.account = try engineCall { () throws(AuthError) in try engine.updateAccount(uid: uid, extra) }
        }
        if signIn.isNewUser, !(email ?? "").isEmpty, !call.isAdmin {
            signIn = try passBlockingFunctions(signIn, .password)
        }
        return try signInResponse(signIn, kind: "SignupNewUserResponse", at: call.now)
    }

    /// A password user's sign-up with its own ID token, which replaces the account's email and password as in
    /// Firebase's emulator (both needed: MISSING_EMAIL, MISSING_PASSWORD).
    private func replacePassword(of account: LocalAccount, email: String?, password: String?, authTime: Date)
        throws(APIError) -> LocalAccount {
        guard let email, !email.isEmpty else { throw APIError("MISSING_EMAIL") }
        guard let password, !password.isEmpty else { throw APIError("MISSING_PASSWORD") }
        var changes = AccountChanges()
        changes.email = email
        changes.password = password
        return try engineCall { () throws(AuthError) in
            try engine.updateAccount(uid: account.uid, changes, authTime: authTime)
        }
    }

    /// `accounts:signInWithPassword`. With email-enumeration protection an unknown email and a
    /// wrong password are both INVALID_LOGIN_CREDENTIALS; without it they are EMAIL_NOT_FOUND and
    /// INVALID_PASSWORD. A remote client past `ClientSignInLimit`'s failures gets TOO_MANY_ATTEMPTS_TRY_LATER.
    func signInWithPassword(_ call: Call) throws(APIError) -> [String: Any] {
        try signInRules.requirePasswordSignIn()
        try requirePasswordRecaptcha(call)
        guard let email = try call.fields.string("email") else { throw APIError("MISSING_EMAIL") }
        guard !email.isEmpty else { throw APIError("INVALID_EMAIL") }
        let password = try call.fields.string("password") ?? ""
        let protected = settings.value.emailEnumerationProtection
        try projects.clientSignIns.requireAllowed(call.client, at: call.now)
        if !protected, !email.isEmpty, !password.isEmpty,
           try engineCall({ () throws(AuthError) in try engine.account(email: email) }) == nil {
            projects.clientSignIns.recordFailure(call.client, at: call.now)
            throw APIError("EMAIL_NOT_FOUND")
        }
        let outcome: LocalSignInOutcome
        do {
            outcome = try engine.signIn(email: email, password: password)
        } catch where error.code == .invalidLoginCredentials {
            projects.clientSignIns.recordFailure(call.client, at: call.now)
            throw protected ? APIError(error) : APIError("INVALID_PASSWORD")
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
