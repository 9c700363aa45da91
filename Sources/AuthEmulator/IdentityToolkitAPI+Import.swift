import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `…/accounts:batchCreate` (admin): imports up to 1000 accounts with their profile, custom claims,
    /// identities, SMS second factors and passwords (`rawPassword`, hashes of `hashAlgorithm` checked at their
    /// next sign-in, or without one Firebase's emulator's `fakeHash:salt=…:password=…`). As in Firebase's emulator, an account with a uid already taken is refused unless
    /// `allowOverwrite` replaces it, and `sanityCheck` refuses a batch repeating an email or identity. Accounts
    /// that cannot be imported (a taken email among them: one account per email here) are listed in `error` by
    /// index, with Firebase's emulator's sentences; the others are stored.
    func batchCreate(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("importing accounts")
        let users = try call.fields.objects("users") ?? []
        guard !users.isEmpty else { throw APIError("MISSING_USER_ACCOUNT") }
        guard users.count <= Self.maximumPageSize else { throw APIError("TOO_MANY_ACCOUNTS_TO_IMPORT") }
        let template = try Self.hashTemplate(call.fields)
        let sanityCheck = try call.fields.bool("sanityCheck") ?? false
        let replacing = try call.fields.bool("allowOverwrite") ?? false
        if sanityCheck { try Self.requireDistinctEmailsAndIdentities(users) }
        if !replacing { try Self.requireDistinctLocalIDs(users) }
        var errors: [[String: Any]] = []
        for (index, user) in users.enumerated() {
            do {
                try importAccount(user, template: template, replacing: replacing, sanityCheck: sanityCheck,
                                  at: call.now)
            } catch {
                errors.append(["index": index, "message": Self.importMessage(error)])
            }
        }
        var response: [String: Any] = ["kind": "identitytoolkit#UploadAccountResponse"]
        if !errors.isEmpty { response["error"] = errors }
        return response
    }

    /// With `sanityCheck`: "DUPLICATE_EMAIL : <email>" or "DUPLICATE_RAW_ID : Provider id(…), Raw id(…)" when two
    /// entries share an email or an identity.
    private static func requireDistinctEmailsAndIdentities(_ users: [JSONFields]) throws(APIError) {
        var emails: Set<String> = []
        var identities: Set<String> = []
        for user in users {
            if let email = try user.nonEmptyString("email"), !emails.insert(email).inserted {
                throw APIError("DUPLICATE_EMAIL", email)
            }
            for info in try user.objects("providerUserInfo") ?? [] {
                let provider = try info.string("providerId") ?? "", rawID = try info.string("rawId") ?? ""
                guard identities.insert("\(provider):\(rawID)").inserted else {
                    throw APIError("DUPLICATE_RAW_ID", "Provider id(\(provider)), Raw id(\(rawID))")
                }
            }
        }
    }

    /// Without `allowOverwrite`: "DUPLICATE_LOCAL_ID : <uid>" when two entries share a `localId`.
    private static func requireDistinctLocalIDs(_ users: [JSONFields]) throws(APIError) {
        var uids: Set<String> = []
        for user in users {
            let uid = try user.string("localId") ?? ""
            guard uids.insert(uid).inserted else { throw APIError("DUPLICATE_LOCAL_ID", uid) }
        }
    }

    /// The `error` entry's message for an account that was not imported: custom-claims errors in production's
    /// words, as Firebase's emulator gives them; any other error's message as it is.
    private static func importMessage(_ error: APIError) -> String {
        switch error.code {
        case "INVALID_CLAIMS": "Invalid custom claims provided."
        case "CLAIMS_TOO_LARGE": "Custom claims provided are too large."
        case "FORBIDDEN_CLAIM": "Custom claims provided include a reserved claim."
        default: error.message
        }
    }

    /// Imports one `UserInfo` entry, checked in the order of Firebase's emulator; its `tenantId`, if given, must
    /// be the request's.
    private func importAccount(_ user: JSONFields, template: ImportedPasswordHash?, replacing: Bool,
                               sanityCheck: Bool, at now: Date) throws(APIError) {
        guard let uid = try Self.checkedLocalID(try user.nonEmptyString("localId")) else {
            throw APIError("localId is missing")
        }
        if let tenant = try user.nonEmptyString("tenantId"), tenant != tenantID {
            throw APIError("Tenant id in userInfo does not match the tenant id in request.")
        }
        if user.values["passkeyInfo"] != nil {
            throw APIError("UNSUPPORTED_FIELD", "passkeyInfo is not supported by this emulator")
        }
        let hash = try Self.importedHash(user, template: template)
        var changes = try AccountChanges(fields: user, disabledField: "disabled")
        guard changes.password == nil else {
            throw APIError("UNSUPPORTED_FIELD", "password: import rawPassword, or passwordHash and salt")
        }
        if hash == nil { changes.password = try user.nonEmptyString("rawPassword") }
        changes.uid = uid
        let identities = try importedIdentities(user, uid: uid)
        if let phone = changes.phoneNumber, !PhoneNumber.isE164(phone) {
            throw APIError("phone number format is invalid")
        }
        var createdAt: Date?
        if let milliseconds = try user.integer("createdAt") {
            guard let moment = EpochTime.date(milliseconds: milliseconds) else {
                throw APIError.invalidArgument("createdAt must be milliseconds between 0001-01-01 and 9999-12-31")
            }
            createdAt = moment
        }
        if let email = changes.email {
            guard EmailAddress.isWellFormed(email) else { throw APIError("email is invalid") }
            let owner = try engineCall { () throws(AuthError) in try engine.account(email: email) }
            if let owner, owner.uid != uid {
                throw APIError(sanityCheck ? "email exists in other account in database"
                                           : "((Auth Emulator does not support importing duplicate email: \(email)))")
            }
        }
        if let entries = try user.objects("mfaInfo"), !entries.isEmpty {
            guard changes.email != nil else { throw APIError("Second factor account requires email to be presented.") }
            guard changes.isEmailVerified == true else {
                throw APIError("Second factor account requires email to be verified.")
            }
            changes.secondFactors = try MfaEnrollments.imported(entries, at: now)
        }
        if !replacing, try engineCall({ () throws(AuthError) in try engine.account(uid: uid) }) != nil {
            throw APIError("localId belongs to an existing account - can not overwrite.")
        }
        let imported = changes
        _ = try engineCall { () throws(AuthError) in
            try engine.importAccount(imported, passwordHash: hash, identities: identities, createdAt: createdAt,
                                     replacing: replacing)
        }
    }

    /// The entry's `passwordHash` and `salt` in the request's hash settings (without any, Firebase's emulator's
    /// stand-in, `ImportedPasswordHash.emulatorFake`); nil when it has none. A bcrypt hash
    /// must be of a bounded cost (`ImportedPasswordHash.bcryptCosts`), or its sign-ins would hold the pool.
    private static func importedHash(_ user: JSONFields, template: ImportedPasswordHash?) throws(APIError)
        -> ImportedPasswordHash? {
        guard let encoded = try user.nonEmptyString("passwordHash") else { return nil }
        if template == nil, let fake = ImportedPasswordHash.emulatorFake(encoded, salt: try user.string("salt") ?? "") {
            return fake
        }
        guard var imported = template else { throw APIError("MISSING_HASH_ALGORITHM") }
        guard let bytes = Base64URL.decodeLeniently(Substring(encoded)),
              let salt = Base64URL.decodeLeniently(Substring(try user.string("salt") ?? "")) else {
            throw APIError("INVALID_PASSWORD_HASH", "passwordHash and salt must be base64")
        }
        imported.hash = Array(bytes)
        imported.salt = Array(salt)
        guard imported.isWithinBounds else {
            let costs = ImportedPasswordHash.bcryptCosts
            throw APIError("INVALID_PASSWORD_HASH",
                           "bcrypt hashes of cost \(costs.lowerBound) to \(costs.upperBound) are imported")
        }
        return imported
    }

    /// The entry's identity-provider identities (`password` and `phone` entries skipped), each needing
    /// `providerId` and `rawId` and not linked to another account, in the words of Firebase's emulator.
    private func importedIdentities(_ user: JSONFields, uid: String) throws(APIError) -> [LinkedIdentity] {
        var identities: [LinkedIdentity] = []
        for info in try user.objects("providerUserInfo") ?? [] {
            let provider = try info.nonEmptyString("providerId")
            if provider == "password" || provider == "phone" { continue }
            guard let provider, let rawID = try info.nonEmptyString("rawId") else {
                guard try info.nonEmptyString("federatedId") == nil else {
                    throw APIError("((Parsing federatedId is not implemented in Auth Emulator; please specify "
                                   + "providerId AND rawId as a workaround.))")
                }
                throw APIError("federatedId or (providerId & rawId) is required")
            }
            let owner = try engineCall { () throws(AuthError) in
                try engine.account(providerID: provider, subject: rawID)
            }
            if let owner, owner.uid != uid { throw APIError("raw id exists in other account in database") }
            identities.append(try AccountChanges.identity(info))
        }
        return identities
    }

    /// The hash settings of an import request, without hash or salt; nil when it names no algorithm.
    ///
    /// Errors: INVALID_HASH_ALGORITHM, MISSING_SIGNER_KEY, INVALID_HASH_PARAMETERS.
    private static func hashTemplate(_ fields: JSONFields) throws(APIError) -> ImportedPasswordHash? {
        guard let name = try fields.nonEmptyString("hashAlgorithm") else { return nil }
        guard let algorithm = ImportedPasswordHash.Algorithm(rawValue: name), algorithm != .emulatorFakeHash else {
            throw APIError("INVALID_HASH_ALGORITHM", name)
        }
        var template = ImportedPasswordHash(algorithm: algorithm, hash: [], salt: [])
        template.rounds = try fields.integer("rounds") ?? 0
        if let standardCost = try fields.integer("cpuMemCost") {
            template.memoryCost = standardCost
        } else {
            template.memoryCost = try fields.integer("memoryCost") ?? 0
        }
        template.blockSize = try fields.integer("blockSize") ?? 0
        template.parallelization = try fields.integer("parallelization") ?? 0
        template.key = Array(Base64URL.decodeLeniently(Substring(try fields.string("signerKey") ?? "")) ?? Data())
        template.saltSeparator = Array(Base64URL.decodeLeniently(Substring(try fields.string("saltSeparator") ?? ""))
                                       ?? Data())
        switch try fields.string("passwordHashOrder") ?? "UNSPECIFIED_ORDER" {
        case "PASSWORD_AND_SALT": template.order = .passwordAndSalt
        case "SALT_AND_PASSWORD", "UNSPECIFIED_ORDER": template.order = .saltAndPassword
        case let other: throw APIError.invalidArgument("Invalid value at 'passwordHashOrder' (TYPE_ENUM), \"\(other)\"")
        }
        if template.key.isEmpty, algorithm == .scrypt || algorithm.rawValue.hasPrefix("HMAC") {
            throw APIError("MISSING_SIGNER_KEY")
        }
        guard template.isWithinBounds else { throw APIError("INVALID_HASH_PARAMETERS", name) }
        return template
    }
}
