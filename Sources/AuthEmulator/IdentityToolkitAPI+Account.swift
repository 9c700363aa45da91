import AuthCore
import Foundation
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:lookup`: the user of `idToken`, or for an admin the accounts with the given `localId`s and
    /// `email`s (`users` is omitted when none match).
    func lookup(_ call: Call) throws(APIError) -> [String: Any] {
        var response: [String: Any] = ["kind": "identitytoolkit#GetAccountInfoResponse"]
        if try call.fields.string("idToken") != nil {
            let (account, _) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            response["users"] = [try userWithFactors(account)]
            return response
        }
        let uids = try call.fields.strings("localId") ?? []
        let emails = try call.fields.strings("email") ?? []
        guard !uids.isEmpty || !emails.isEmpty else { throw APIError("INVALID_ID_TOKEN") }
        try call.requireAdmin("lookup by localId or email")
        var users: [LocalAccount] = []
        for uid in uids {
            if let account = try engineCall({ () throws(AuthError) in try engine.account(uid: uid) }) {
                users.append(account)
            }
        }
        for email in emails {
            let account = try engineCall { () throws(AuthError) in try engine.account(email: email) }
            if let account, !users.contains(where: { $0.uid == account.uid }) { users.append(account) }
        }
        if !users.isEmpty {
            var listed: [[String: Any]] = []
            for user in users { listed.append(try userWithFactors(user)) }
            response["users"] = listed
        }
        return response
    }

    /// `accounts:update`: with `idToken` (or an admin's `localId`) changes `displayName` (removed with
    /// `deleteAttribute: ["DISPLAY_NAME"]`) and `password` (older tokens are revoked; new ones are returned);
    /// an admin may also set `disableUser`. With `oobCode` alone it applies an email-verification code.
    func update(_ call: Call) throws(APIError) -> [String: Any] {
        if try call.fields.string("idToken") == nil, try call.fields.string("localId") == nil,
           let code = try call.fields.nonEmptyString("oobCode") {
            let account = try engineCall { () throws(AuthError) in try engine.applyEmailVerification(code: code) }
            return ["kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.uid,
                    "email": account.email ?? "", "emailVerified": account.isEmailVerified]
        }
        var (account, claims) = try accountToUpdate(call)
        if try call.fields.string("email") != nil {
            throw APIError("OPERATION_NOT_ALLOWED",
                           "changing the email needs a verified link (VERIFY_AND_CHANGE_EMAIL)")
        }
        if try call.fields.strings("deleteProvider") != nil {
            throw APIError(status: 501, code: "NOT_IMPLEMENTED", detail: "deleteProvider",
                           canonicalStatus: "NOT_IMPLEMENTED")
        }
        let uid = account.uid
        let deleted = try call.fields.strings("deleteAttribute") ?? []
        for attribute in deleted where !["DISPLAY_NAME", "PHOTO_URL"].contains(attribute) {
            throw APIError.invalidArgument("Invalid value at 'deleteAttribute' (TYPE_ENUM), \"\(attribute)\"")
        }
        if let name = try call.fields.string("displayName") ?? (deleted.contains("DISPLAY_NAME") ? "" : nil) {
            account = try engineCall { () throws(AuthError) in try engine.updateProfile(uid: uid, displayName: name) }
        }
        if let disabled = try call.fields.bool("disableUser") {
            try call.requireAdmin("disableUser")
            account = try engineCall { () throws(AuthError) in try engine.setDisabled(disabled, uid: uid) }
        }
        var response: [String: Any] = [
            "kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.uid,
            "emailVerified": account.isEmailVerified, "providerUserInfo": UserInfo.providers(of: account),
        ]
        if let email = account.email { response["email"] = email }
        if let name = account.displayName { response["displayName"] = name }
        if let password = try call.fields.string("password") {
            account = try engineCall { () throws(AuthError) in
                try engine.updatePassword(uid: uid, newPassword: password)
            }
            if let claims {
                let signIn = LocalSignIn(account: account, provider: claims.provider, authTime: call.now,
                                         isNewUser: false)
                for (key, value) in try tokens(for: signIn, at: call.now) { response[key] = value }
            }
        }
        return response
    }

    /// `accounts:delete`: the user of `idToken`, or for an admin the account `localId`.
    func delete(_ call: Call) throws(APIError) -> [String: Any] {
        let (account, _) = try accountToUpdate(call)
        try engineCall { () throws(AuthError) in try engine.deleteAccount(uid: account.uid) }
        return ["kind": "identitytoolkit#DeleteAccountResponse"]
    }

    /// The account a write acts on: the user of `idToken` (with its claims), or an admin's `localId`.
    private func accountToUpdate(_ call: Call) throws(APIError) -> (LocalAccount, VerifiedClaims?) {
        if try call.fields.string("idToken") == nil, let uid = try call.fields.nonEmptyString("localId") {
            try call.requireAdmin("localId")
            guard let account = try engineCall({ () throws(AuthError) in try engine.account(uid: uid) }) else {
                throw APIError("USER_NOT_FOUND")
            }
            return (account, nil)
        }
        let (account, claims) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
        return (account, claims)
    }
}
