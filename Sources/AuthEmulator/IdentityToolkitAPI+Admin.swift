import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// Most accounts one `batchGet` page or `query` answer holds.
    static let maximumPageSize = 1000

    /// `POST …/accounts` (admin): creates an account with a chosen or random `localId`, email, password,
    /// phone, profile, `emailVerified`, `disabled` and SMS second factors (`mfaInfo`, new ids). The account does
    /// not sign in.
    func createAccount(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("creating accounts")
        var changes = try AccountChanges(fields: call.fields, disabledField: "disabled")
        changes.uid = try Self.checkedLocalID(try call.fields.string("localId"))
        if let entries = try call.fields.objects("mfaInfo") {
            changes.secondFactors = try MfaEnrollments.factors(entries, generatingIDs: true, at: call.now)
        }
        let account = try engineCall { () throws(AuthError) in try engine.createAccount(changes) }
        announce(.create, account)
        var response: [String: Any] = ["kind": "identitytoolkit#SignupNewUserResponse", "localId": account.uid]
        if let email = account.email { response["email"] = email }
        if let name = account.displayName { response["displayName"] = name }
        return response
    }

    /// `GET …/accounts:batchGet` (admin): accounts in uid order, `maxResults` (default 20, at most 1000) at a
    /// time, continued with the `nextPageToken` that every full page carries (as production and Firebase's
    /// emulator answer, even when nothing follows).
    func batchGet(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("listing accounts")
        let limit = try call.fields.integer("maxResults") ?? 20
        guard (1...Self.maximumPageSize).contains(limit) else {
            throw APIError.invalidArgument("maxResults must be between 1 and \(Self.maximumPageSize)")
        }
        let after = try call.fields.nonEmptyString("nextPageToken")
        let page = try engineCall { () throws(AuthError) in try engine.accounts(after: after, limit: limit) }
        var response: [String: Any] = ["kind": "identitytoolkit#DownloadAccountResponse"]
        var users: [[String: Any]] = []
        for account in page { users.append(try userWithFactors(account)) }
        if !users.isEmpty { response["users"] = users }
        if page.count == limit, let last = page.last { response["nextPageToken"] = last.uid }
        return response
    }

    /// `…/accounts:batchDelete` (admin): deletes 1 to 1000 `localIds` (LOCAL_ID_LIST_EXCEEDS_LIMIT otherwise, as
    /// Firebase's emulator); without `force` an enabled account is kept and reported in `errors`, as production
    /// does. Unknown uids count as deleted.
    func batchDelete(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("deleting accounts")
        let uids = try call.fields.strings("localIds") ?? []
        guard (1...Self.maximumPageSize).contains(uids.count) else { throw APIError("LOCAL_ID_LIST_EXCEEDS_LIMIT") }
        let force = try call.fields.bool("force") ?? false
        var errors: [[String: Any]] = []
        for (index, uid) in uids.enumerated() {
            guard let account = try engineCall({ () throws(AuthError) in try engine.account(uid: uid) }) else {
                continue
            }
            guard force || account.isDisabled else {
                errors.append(["index": index, "localId": uid,
                               "message": "NOT_DISABLED : Disable the account before batch deletion."])
                continue
            }
            try engineCall { () throws(AuthError) in try engine.deleteAccount(uid: uid) }
            announce(.delete, account)
        }
        return errors.isEmpty ? [:] : ["errors": errors]
    }

    /// `…/accounts:query` and `:queryAccounts` (admin): accounts matching any `expression` (`email`,
    /// `phoneNumber`, `userId`), or all, in uid order (`order` ASC or DESC), with `offset` and `limit`
    /// (default 500); `returnUserInfo: false` answers only the count.
    func queryAccounts(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("querying accounts")
        let sortBy = try call.fields.string("sortBy") ?? "USER_ID"
        guard ["USER_ID", "SORT_BY_FIELD_UNSPECIFIED"].contains(sortBy) else {
            throw APIError("UNSUPPORTED_FIELD", "sortBy \(sortBy) is not supported; accounts sort by USER_ID")
        }
        let descending = try call.fields.string("order") == "DESC"
        let limit = try call.fields.integer("limit") ?? 500
        let offset = try call.fields.integer("offset") ?? 0
        guard (1...Self.maximumPageSize).contains(limit), offset >= 0 else {
            throw APIError.invalidArgument("limit must be between 1 and \(Self.maximumPageSize), offset at least 0")
        }
        var matches = try matchingAccounts(try call.fields.objects("expression") ?? [])
        if descending { matches.reverse() }
        var response: [String: Any] = ["recordsCount": String(matches.count)]
        if try call.fields.bool("returnUserInfo") ?? true {
            var users: [[String: Any]] = []
            for account in matches.dropFirst(offset).prefix(limit) { users.append(try userWithFactors(account)) }
            response["userInfo"] = users
        }
        return response
    }

    /// Every account matching one of `expressions` (all when there are none), in uid order.
    private func matchingAccounts(_ expressions: [JSONFields]) throws(APIError) -> [LocalAccount] {
        var all: [LocalAccount] = []
        while true {
            let after = all.last?.uid
            let page = try engineCall { () throws(AuthError) in
                try engine.accounts(after: after, limit: Self.maximumPageSize)
            }
            all += page
            if page.count < Self.maximumPageSize { break }
        }
        guard !expressions.isEmpty else { return all }
        var wanted: [(email: String?, phone: String?, uid: String?)] = []
        for expression in expressions {
            wanted.append((try expression.string("email")?.lowercased(), try expression.string("phoneNumber"),
                           try expression.string("userId")))
        }
        return all.filter { account in
            wanted.contains { want in
                (want.email != nil && want.email == account.email?.lowercased())
                    || (want.phone != nil && want.phone == account.phoneNumber)
                    || (want.uid != nil && want.uid == account.uid)
            }
        }
    }

    /// A `localId` an administrator chose: 1 to 128 characters; nil leaves the choice to the engine.
    static func checkedLocalID(_ uid: String?) throws(APIError) -> String? {
        guard let uid else { return nil }
        guard (1...128).contains(uid.count) else { throw APIError("INVALID_LOCAL_ID") }
        return uid
    }
}
