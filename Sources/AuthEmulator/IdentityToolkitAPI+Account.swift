import AuthCore
import FoundationEssentials
import JSON
import LocalAuth

extension IdentityToolkitAPI {
    /// `accounts:lookup`: the user of `idToken`, or for an admin the accounts with the given `localId`s,
    /// `email`s, `phoneNumber`s and `federatedUserId`s (`users` is omitted when none match).
    func lookup(_ call: Call) throws(APIError) -> [String: Any] {
        var response: [String: Any] = ["kind": "identitytoolkit#GetAccountInfoResponse"]
        if try call.fields.string("idToken") != nil {
            let (account, _) = try signedInAccount(try call.fields.string("idToken"), at: call.now)
            response["users"] = [try userWithFactors(account)]
            return response
        }
        let uids = try call.fields.strings("localId") ?? []
        let emails = try call.fields.strings("email") ?? []
        let phones = try call.fields.strings("phoneNumber") ?? []
        let identities = try call.fields.objects("federatedUserId") ?? []
        guard !uids.isEmpty || !emails.isEmpty || !phones.isEmpty || !identities.isEmpty else {
            throw APIError("INVALID_ID_TOKEN")
        }
        try call.requireAdmin("lookup by localId, email, phone number or identity")
        var found: [LocalAccount?] = []
        for uid in uids { found.append(try engineCall { () throws(AuthError) in try engine.account(uid: uid) }) }
        for email in emails {
            found.append(try engineCall { () throws(AuthError) in try engine.account(email: email) })
        }
        for phone in phones {
            found.append(try engineCall { () throws(AuthError) in try engine.account(phoneNumber: phone) })
        }
        for identity in identities {
            let provider = try identity.string("providerId") ?? ""
            let subject = try identity.string("rawId") ?? ""
            found.append(try engineCall { () throws(AuthError) in
                try engine.account(providerID: provider, subject: subject)
            })
        }
        var users: [LocalAccount] = []
        for case let account? in found where !users.contains(where: { $0.uid == account.uid }) {
            users.append(account)
        }
        if !users.isEmpty {
            var listed: [[String: Any]] = []
            for user in users { listed.append(try userWithFactors(user)) }
            response["users"] = listed
        }
        return response
    }

    /// `accounts:update`: with `idToken` the user changes `displayName`, `photoUrl`, `password` (older tokens
    /// are revoked) or, without email-enumeration protection, `email` (it becomes unverified), or revokes older
    /// tokens with any `validSince` (as in Firebase's emulator), new tokens being returned for these; removes attributes (`deleteAttribute`) or sign-in methods (`deleteProvider`: linked ones
    /// only, the last one too, as in Firebase's emulator). Password, email and sign-in methods need a recent sign-in (the token's
    /// `auth_time`). An admin's `localId` may also change the email, phone number, `emailVerified`,
    /// `disableUser`, `customAttributes` (claims of later ID tokens), `validSince` (revokes tokens issued before)
    /// and link an identity (`linkProviderUserInfo`). Anyone may replace the second factors (`mfa.enrollments`),
    /// as in Firebase's emulator. With `oobCode` it applies an emailed code instead (see `applyEmailCode`).
    /// A field that is understood but cannot be honoured is an error naming it, never dropped.
    func update(_ call: Call) throws(APIError) -> [String: Any] {
        if call.isAdmin, try call.fields.nonEmptyString("localId") == nil { throw APIError("MISSING_LOCAL_ID") }
        if let code = try call.fields.nonEmptyString("oobCode") { return try applyEmailCode(code) }
        let (target, claims) = try accountToUpdate(call, withoutToken: APIError("INVALID_REQ_TYPE",
                                                                                "Unsupported request parameters."))
        var changes = try updateChanges(call, byAdmin: claims == nil)
        if let claims, !changes.unlinkedProviders.isEmpty {
            let unlinked = changes.unlinkedProviders
            _ = try engineCall { () throws(AuthError) in
                try engine.unlink(unlinked, uid: target.uid, authTime: claims.authTime)
            }
            changes.unlinkedProviders = []
        }
        var account = try engineCall { () throws(AuthError) in
            try engine.updateAccount(uid: target.uid, changes, authTime: claims?.authTime)
        }
        if changes.secondFactors != nil { withdrawnFactorLists?.forget(account.uid) }
        var response: [String: Any] = [
            "kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.uid,
            "emailVerified": account.isEmailVerified, "providerUserInfo": UserInfo.providers(of: account),
        ]
        if let email = account.email { response["email"] = email }
        if let name = account.displayName { response["displayName"] = name }
        if let photo = account.photoURL { response["photoUrl"] = photo }
        if let email = changes.email { response["newEmail"] = email }
        if changes.password != nil || changes.email != nil || changes.validSince != nil, let claims {
            account = try engineCall { () throws(AuthError) in try engine.account(uid: target.uid) } ?? account
            // A password makes it a password sign-in, as Firebase's emulator names it (an anonymous one too).
            let provider = changes.password != nil ? ProviderID.password.rawValue : claims.provider
            let signIn = LocalSignIn(account: account, provider: provider, authTime: call.now, isNewUser: false)
            for (key, value) in try tokens(for: signIn, at: call.now) { response[key] = value }
        }
        return response
    }

    /// What an update asks for, checked: admin-only fields need an admin, fields the emulator cannot honour
    /// are refused by name.
    private func updateChanges(_ call: Call, byAdmin: Bool) throws(APIError) -> AccountChanges {
        let fields = call.fields
        for name in ["createdAt", "lastLoginAt", "upgradeToFederatedLogin", "provider", "deletePasskey"]
            where fields.values[name] != nil && !(fields.values[name] is JSONNull) {
            throw APIError("UNSUPPORTED_FIELD", "\(name) is not supported by this emulator")
        }
        var changes = try AccountChanges(fields: fields, disabledField: "disableUser")
        if let value = try fields.integer("validSince") {
            guard value >= 0, let moment = EpochTime.date(seconds: value) else { throw APIError("INVALID_VALID_SINCE") }
            changes.validSince = byAdmin ? moment : call.now
        }
        if let info = try fields.object("linkProviderUserInfo") {
            changes.linkedIdentity = try AccountChanges.identity(info)
        }
        for attribute in try fields.strings("deleteAttribute") ?? [] {
            switch attribute {
            case "DISPLAY_NAME": changes.displayName = ""
            case "PHOTO_URL": changes.photoURL = ""
            case "EMAIL", "PASSWORD", "PROVIDER", "RAW_USER_INFO":
                throw APIError("UNSUPPORTED_FIELD", "deleteAttribute \(attribute) is not supported; use deleteProvider")
            default:
                throw APIError.invalidArgument("Invalid value at 'deleteAttribute' (TYPE_ENUM), \"\(attribute)\"")
            }
        }
        changes.unlinkedProviders = try fields.strings("deleteProvider") ?? []
        if let mfa = try fields.object("mfa") {
            let enrollments = try mfa.objects("enrollments") ?? []
            changes.secondFactors = try MfaEnrollments.factors(enrollments, generatingIDs: false, at: call.now)
        }
        if changes.changesAdminFields { try call.requireAdmin("changing these fields") }
        if changes.email != nil, !byAdmin, settings.value.emailEnumerationProtection {
            throw APIError("OPERATION_NOT_ALLOWED",
                           "with email-enumeration protection, changing the email needs a verified link")
        }
        return changes
    }

    /// `accounts:delete`: the user of `idToken`, or for an admin the account `localId`.
    func delete(_ call: Call) throws(APIError) -> [String: Any] {
        let (account, claims) = try accountToUpdate(call, withoutToken: APIError("MISSING_ID_TOKEN"))
        try engineCall { () throws(AuthError) in
            try engine.deleteAccount(uid: account.uid, authTime: claims?.authTime)
        }
        announce(.delete, account)
        return ["kind": "identitytoolkit#DeleteAccountResponse"]
    }

    /// The account a write acts on, as Firebase's emulator picks it: an admin's `localId` (MISSING_LOCAL_ID,
    /// USER_NOT_FOUND), or the user of anyone else's `idToken` (with its claims; `withoutToken` when none).
    private func accountToUpdate(_ call: Call, withoutToken: APIError) throws(APIError)
        -> (LocalAccount, VerifiedClaims?) {
        guard call.isAdmin else {
            guard let idToken = try call.fields.nonEmptyString("idToken") else { throw withoutToken }
            let (account, claims) = try signedInAccount(idToken, at: call.now)
            return (account, claims)
        }
        guard let uid = try call.fields.nonEmptyString("localId") else { throw APIError("MISSING_LOCAL_ID") }
        guard let account = try engineCall({ () throws(AuthError) in try engine.account(uid: uid) }) else {
            throw APIError("USER_NOT_FOUND")
        }
        return (account, nil)
    }

    /// `accounts:update` with `oobCode`: applies an emailed VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL or
    /// RECOVER_EMAIL code; the answer names the changed email as `newEmail` for the second.
    private func applyEmailCode(_ code: String) throws(APIError) -> [String: Any] {
        let (account, kind) = try engineCall { () throws(AuthError) in try engine.applyEmailCode(code) }
        var response: [String: Any] = ["kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.uid,
                                       "email": account.email ?? "", "emailVerified": account.isEmailVerified]
        if kind == .verifyAndChangeEmail { response["newEmail"] = account.email ?? "" }
        return response
    }
}
