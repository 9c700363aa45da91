import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// `…/accounts:batchCreate` (admin): imports up to 1000 accounts with their profile, custom claims,
    /// identities and password hashes of `hashAlgorithm` (checked at their next sign-in). As in production an
    /// import replaces an account with the same uid unless `allowOverwrite` is false. Accounts that cannot be
    /// imported (a taken email or phone number among them: one account per email here) are listed in `error` by
    /// index; the others are stored.
    func batchCreate(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("importing accounts")
        let users = try call.fields.objects("users") ?? []
        guard !users.isEmpty else { throw APIError("MISSING_USER_ACCOUNT") }
        guard users.count <= Self.maximumPageSize else { throw APIError("TOO_MANY_ACCOUNTS_TO_IMPORT") }
        let template = try Self.hashTemplate(call.fields)
        let replacing = try call.fields.bool("allowOverwrite") ?? true
        var errors: [[String: Any]] = []
        for (index, user) in users.enumerated() {
            do {
                try importAccount(user, template: template, replacing: replacing)
            } catch {
                errors.append(["index": index, "message": error.message])
            }
        }
        var response: [String: Any] = ["kind": "identitytoolkit#UploadAccountResponse"]
        if !errors.isEmpty { response["error"] = errors }
        return response
    }

    /// Imports one `UserInfo` entry; its `tenantId`, if given, must be the request's.
    private func importAccount(_ user: JSONFields, template: ImportedPasswordHash?, replacing: Bool)
        throws(APIError) {
        if let tenant = try user.nonEmptyString("tenantId"), tenant != tenantID {
            throw APIError("Tenant id in userInfo does not match the tenant id in request.")
        }
        for name in ["mfaInfo", "passkeyInfo", "rawPassword"] where user.values[name] != nil {
            throw APIError("UNSUPPORTED_FIELD", "\(name) is not supported by this emulator")
        }
        var changes = try AccountChanges(fields: user, disabledField: "disabled")
        guard changes.password == nil else {
            throw APIError("UNSUPPORTED_FIELD", "password: import hashes with passwordHash and salt")
        }
        guard let uid = try Self.checkedLocalID(try user.nonEmptyString("localId")) else {
            throw APIError("MISSING_LOCAL_ID")
        }
        changes.uid = uid
        var hash: ImportedPasswordHash?
        if let encoded = try user.nonEmptyString("passwordHash") {
            guard var imported = template else { throw APIError("MISSING_HASH_ALGORITHM") }
            guard let bytes = Base64URL.decodeLeniently(Substring(encoded)),
                  let salt = Base64URL.decodeLeniently(Substring(try user.string("salt") ?? "")) else {
                throw APIError("INVALID_PASSWORD_HASH", "passwordHash and salt must be base64")
            }
            imported.hash = Array(bytes)
            imported.salt = Array(salt)
            hash = imported
        }
        var identities: [LinkedIdentity] = []
        for info in try user.objects("providerUserInfo") ?? [] {
            let provider = try info.string("providerId")
            if provider == "password" || provider == "phone" { continue }
            identities.append(try AccountChanges.identity(info))
        }
        var createdAt: Date?
        if let milliseconds = try user.integer("createdAt") {
            guard let moment = EpochTime.date(milliseconds: milliseconds) else {
                throw APIError.invalidArgument("createdAt must be milliseconds between 0001-01-01 and 9999-12-31")
            }
            createdAt = moment
        }
        let imported = changes
        _ = try engineCall { () throws(AuthError) in
            try engine.importAccount(imported, passwordHash: hash, identities: identities, createdAt: createdAt,
                                     replacing: replacing)
        }
    }

    /// The hash settings of an import request, without hash or salt; nil when it names no algorithm.
    ///
    /// Errors: INVALID_HASH_ALGORITHM, MISSING_SIGNER_KEY, INVALID_HASH_PARAMETERS.
    private static func hashTemplate(_ fields: JSONFields) throws(APIError) -> ImportedPasswordHash? {
        guard let name = try fields.nonEmptyString("hashAlgorithm") else { return nil }
        guard let algorithm = ImportedPasswordHash.Algorithm(rawValue: name) else {
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
