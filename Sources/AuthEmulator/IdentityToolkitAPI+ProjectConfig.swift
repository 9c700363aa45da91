import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

extension IdentityToolkitAPI {
    /// Provider-configuration collections: their name, the query parameter that names a new one, and the
    /// prefix their ids need.
    private static let configCollections: [String: (idParameter: String, idPrefix: String)] = [
        "oauthIdpConfigs": ("oauthIdpConfigId", "oidc."), "inboundSamlConfigs": ("inboundSamlConfigId", "saml."),
        "defaultSupportedIdpConfigs": ("idpId", ""),
    ]

    /// `v2/projects/{p}/…` (admin): `config`, `identityPlatform:initializeAuth`, `tenants` (with IAM policy
    /// calls) and the provider-configuration collections, of the project or of one of its tenants. A tenant
    /// named before it was created is created with every sign-in method on, as in Firebase's emulator.
    func projectResource(_ request: HTTPRequest, path rest: String) throws(APIError) -> HTTPResponse {
        try requireAdmin(request)
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let project = parts.removeFirst()
        try projects.requireServed(EmulatorScope(project: project))
        var owner = "projects/\(project)"
        if parts == ["config"] { return try projectConfig(request, project: project) }
        if parts == ["identityPlatform:initializeAuth"] {
            try Self.requireMethod(request, "POST")
            return .json([:])
        }
        if parts.first == "tenants" {
            if parts.count == 1 { return try tenants(request, project: project) }
            let (tenantID, operation) = Self.splitOperation(parts[1])
            projects.createTenantIfAbsent(project: project, tenant: tenantID)
            if let operation, parts.count == 2 {
                return try tenantPolicy(request, project: project, tenant: tenantID, operation: operation)
            }
            try projects.requireServed(EmulatorScope(project: project, tenant: tenantID))
            if parts.count == 2 { return try tenant(request, project: project, id: tenantID) }
            owner += "/tenants/\(tenantID)"
            parts.removeFirst(2)
        }
        guard let name = parts.first, let kind = Self.configCollections[name], parts.count <= 2 else {
            throw Self.notFound(Self.identityToolkitPrefix + "v2/projects/" + rest)
        }
        let collection = "\(owner)/\(name)"
        if parts.count == 2 { return try document(request, collection: collection, id: parts[1]) }
        if request.method.uppercased() == "POST" {
            let id = request.query[kind.idParameter] ?? ""
            guard id.hasPrefix(kind.idPrefix), id.count > kind.idPrefix.count else {
                throw APIError("INVALID_PROVIDER_ID", "\(kind.idParameter) must start with \(kind.idPrefix)")
            }
            return try create(request, collection: collection, id: id)
        }
        return try list(request, collection: collection, key: name)
    }

    /// INSUFFICIENT_PERMISSION unless the request carries the owner credential.
    private func requireAdmin(_ request: HTTPRequest) throws(APIError) {
        guard request.carriesOwnerCredential else {
            throw APIError(status: 403, code: "INSUFFICIENT_PERMISSION",
                           detail: "configuration needs an admin credential", canonicalStatus: "PERMISSION_DENIED")
        }
    }

    /// `tenants`: `POST` creates one with a generated id (switches it does not give are off, as in production),
    /// `GET` lists them, 20 at a time unless `pageSize` says otherwise.
    private func tenants(_ request: HTTPRequest, project: String) throws(APIError) -> HTTPResponse {
        let collection = EmulatorProjects.tenantsCollection(project)
        guard request.method.uppercased() == "POST" else {
            return try list(request, collection: collection, key: "tenants", defaultPageSize: 20)
        }
        let fields = try JSONFields(body: request.body)
        let base = (try fields.string("displayName") ?? "tenant").lowercased()
            .filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }.prefix(20)
        let id = "\(base.isEmpty ? "tenant" : String(base))-\(Hex.lowercase(SystemRandom.bytes(3)))"
        let document = try TenantConfig.document(fields, project: project, id: id)
        guard projects.resources.putIfAbsent(collection, id: id, document) else {
            throw APIError(status: 409, code: "DUPLICATE_TENANT_ID", detail: "\(id) exists",
                           canonicalStatus: "ALREADY_EXISTS")
        }
        return .json(document)
    }

    /// One tenant: `GET`, `PATCH` (without `updateMask` it replaces the whole tenant, switches not given
    /// going off), or `DELETE` (its users and configurations go with it).
    private func tenant(_ request: HTTPRequest, project: String, id: String) throws(APIError) -> HTTPResponse {
        let collection = EmulatorProjects.tenantsCollection(project)
        if request.method.uppercased() == "PATCH", (request.query["updateMask"] ?? "").isEmpty {
            let document = try TenantConfig.document(try JSONFields(body: request.body), project: project, id: id)
            projects.resources.put(collection, id: id, document)
            return .json(document)
        }
        if request.method.uppercased() == "PATCH" { try TenantConfig.checkTypes(try JSONFields(body: request.body)) }
        let response = try document(request, collection: collection, id: id)
        if request.method.uppercased() == "DELETE" {
            projects.drop(EmulatorScope(project: project, tenant: id))
            projects.resources.removeCollections(under: "\(collection)/\(id)")
        }
        return response
    }

    /// `:getIamPolicy`, `:setIamPolicy` (stored and returned) and `:testIamPermissions` (the owner holds every
    /// permission it asks about) on a tenant.
    private func tenantPolicy(_ request: HTTPRequest, project: String, tenant: String, operation: String)
        throws(APIError) -> HTTPResponse {
        try Self.requireMethod(request, "POST")
        try projects.requireServed(EmulatorScope(project: project, tenant: tenant))
        let fields = try JSONFields(body: request.body)
        let collection = "projects/\(project)/tenants/\(tenant)/iam"
        switch operation {
        case "getIamPolicy":
            return .json(projects.resources.get(collection, id: "policy") ?? ["version": 1, "etag": "ACAB"])
        case "setIamPolicy":
            guard let policy = try fields.object("policy") else { throw APIError.invalidArgument("policy is required") }
            projects.resources.put(collection, id: "policy", policy.values)
            return .json(policy.values)
        case "testIamPermissions":
            return .json(["permissions": try fields.strings("permissions") ?? []])
        default:
            throw Self.notFound(request.path)
        }
    }

    /// `GET` or `PATCH v2/projects/{p}/config`: the stored configuration, with email privacy and duplicate
    /// emails taken from (and applied to) the project's settings.
    private func projectConfig(_ request: HTTPRequest, project: String) throws(APIError) -> HTTPResponse {
        let patch = request.method.uppercased() == "PATCH" ? try JSONFields(body: request.body) : nil
        if patch == nil { try Self.requireMethod(request, "GET") }
        let api = try scoped(EmulatorScope(project: project), for: patch == nil ? .read : .write)
        let collection = "projects/\(project)"
        var config = projects.resources.get(collection, id: "config") ?? ["name": "\(collection)/config"]
        if let fields = patch {
            let mask = request.query["updateMask"]
            _ = try FieldMask(mask ?? "")  // a bad mask is refused before the settings change
            try api.applyConfig(fields, fullUpdate: mask?.isEmpty ?? true)
            config = try Self.merged(config, fields.values, mask: mask)
            BlockingFunctionsConfig.applyUnmaskedPatch(fields.values, to: &config, mask: mask)
            projects.resources.put(collection, id: "config", config)
        }
        config["blockingFunctions"] = config["blockingFunctions"] ?? [String: Any]()
        var signIn = config["signIn"] as? [String: Any] ?? [:]
        signIn["allowDuplicateEmails"] = api.settings.value.allowDuplicateEmails
        config["signIn"] = signIn
        config["emailPrivacyConfig"] = ["enableImprovedEmailPrivacy": api.settings.value.emailEnumerationProtection]
        return .json(config)
    }

    /// Applies what a configuration patch says about the emulator's settings, after checking its blocking
    /// functions. A `fullUpdate` (a patch without an update mask) turns off duplicate emails when it does not name
    /// them, as in Firebase's emulator.
    func applyConfig(_ fields: JSONFields, fullUpdate: Bool = false) throws(APIError) {
        let duplicates = try fields.object("signIn")?.bool("allowDuplicateEmails")
        try BlockingFunctionsConfig.validate(fields)
        try applyRecaptchaConfig(fields)
        if duplicates != nil || fullUpdate { settings.value.allowDuplicateEmails = duplicates ?? false }
        if let privacy = try fields.object("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy") {
            settings.value.emailEnumerationProtection = privacy
        }
    }

    /// `POST`: stores a new document `id` with its `name` (409 when it exists).
    private func create(_ request: HTTPRequest, collection: String, id: String) throws(APIError) -> HTTPResponse {
        let fields = try JSONFields(body: request.body)
        guard projects.resources.get(collection, id: id) == nil else {
            throw APIError(status: 409, code: "DUPLICATE_\(id.uppercased())", detail: "\(id) exists",
                           canonicalStatus: "ALREADY_EXISTS")
        }
        var document = fields.values
        document["name"] = "\(collection)/\(id)"
        projects.resources.put(collection, id: id, document)
        return .json(document)
    }

    /// `GET`, `PATCH` (the fields `updateMask` names, or every top-level field without one) or `DELETE` of
    /// document `id`.
    private func document(_ request: HTTPRequest, collection: String, id: String) throws(APIError) -> HTTPResponse {
        try Self.requireMethod(request, "GET", "PATCH", "DELETE")
        guard var document = projects.resources.get(collection, id: id) else {
            throw APIError(status: 404, code: collection.hasSuffix("/tenants") ? "TENANT_NOT_FOUND"
                                                                               : "CONFIGURATION_NOT_FOUND",
                           detail: "\(collection)/\(id)", canonicalStatus: "NOT_FOUND")
        }
        switch request.method.uppercased() {
        case "DELETE":
            projects.resources.remove(collection, id: id)
            return .json([:])
        case "PATCH":
            let fields = try JSONFields(body: request.body)
            document = try Self.merged(document, fields.values, mask: request.query["updateMask"])
            document["name"] = "\(collection)/\(id)"
            projects.resources.put(collection, id: id, document)
            return .json(document)
        default:
            return .json(document)
        }
    }

    /// `GET` of a collection: documents in id order, `pageSize` (default `defaultPageSize`) at a time after
    /// `pageToken`. A full page carries `nextPageToken` even when nothing follows, as Firebase's emulator and
    /// production answer.
    private func list(_ request: HTTPRequest, collection: String, key: String, defaultPageSize: Int = 100)
        throws(APIError) -> HTTPResponse {
        try Self.requireMethod(request, "GET")
        let query = JSONFields(values: request.query)
        let size = try query.integer("pageSize") ?? defaultPageSize
        guard (1...Self.maximumPageSize).contains(size) else {
            throw APIError.invalidArgument("pageSize must be between 1 and \(Self.maximumPageSize)")
        }
        let after = request.query["pageToken"] ?? ""
        let remaining = projects.resources.list(collection).filter { $0.id > after }
        var response: [String: Any] = [key: remaining.prefix(size).map(\.document)]
        if remaining.count >= size, let last = remaining.prefix(size).last { response["nextPageToken"] = last.id }
        return .json(response)
    }

    /// `document` with the paths `mask` names copied from `patch` (see `FieldMask`), or with every top-level
    /// field of `patch` when there is no mask; INVALID_ARGUMENT for a mask path with an empty name.
    static func merged(_ document: [String: Any], _ patch: [String: Any], mask: String?) throws(APIError)
        -> [String: Any] {
        guard let mask, !mask.isEmpty else { return document.merging(patch) { $1 } }
        return try FieldMask(mask).applied(patch, to: document)
    }

    /// `id:operation` split at the colon.
    static func splitOperation(_ segment: String) -> (String, String?) {
        guard let colon = segment.firstIndex(of: ":") else { return (segment, nil) }
        return (String(segment[..<colon]), String(segment[segment.index(after: colon)...]))
    }
}
