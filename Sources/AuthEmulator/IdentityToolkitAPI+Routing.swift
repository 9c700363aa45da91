import FoundationEssentials
import HTTPServer
import LocalAuth

/// An operation that answers a decoded call with a JSON object.
typealias Operation = @Sendable (IdentityToolkitAPI) -> (Call) throws(APIError) -> [String: Any]

extension IdentityToolkitAPI {
    /// The prefix of every Identity Toolkit path.
    static let identityToolkitPrefix = "/identitytoolkit.googleapis.com/"
    /// The securetoken path.
    static let tokenPath = "/securetoken.googleapis.com/v1/token"
    /// The prefix of the emulator's own endpoints.
    static let emulatorPrefix = "/emulator/v1/projects/"
    /// The page that applies an emailed action link.
    static let actionPath = "/emulator/action"

    /// Dispatches a request by path and method.
    func route(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard request.body.count <= Self.maximumBodySize else {
            throw APIError(status: 413, code: "PAYLOAD_TOO_LARGE",
                           detail: "Request bodies are limited to \(Self.maximumBodySize) bytes",
                           canonicalStatus: "RESOURCE_EXHAUSTED")
        }
        let path = request.path.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(request.path[..<$0]) }
            ?? request.path
        if path == "/" {
            try Self.requireMethod(request, "GET")
            return .json(["authEmulator": ["ready": true, "projectId": projectID]])
        }
        if path.hasPrefix(Self.identityToolkitPrefix) {
            return try identityToolkit(request, path: String(path.dropFirst(Self.identityToolkitPrefix.count)))
        }
        if let operation = path.removingPrefix(Self.relyingPartyPrefix) {
            return try relyingParty(request, operation: operation)
        }
        if path == Self.tokenPath {
            try Self.requireMethod(request, "POST")
            try requireAPIKey(request, isAdmin: false)
            return .json(try refreshToken(request))
        }
        if path == Self.actionPath { return try action(request) }
        if path == Self.authorizationPath { return try authorizationPage(request) }
        if path == Self.recaptchaPath { return try recaptchaPage(request) }
        if path.hasPrefix(Self.emulatorPrefix) {
            return try emulatorEndpoint(request, path: String(path.dropFirst(Self.emulatorPrefix.count)))
        }
        throw Self.notFound(path)
    }

    /// Paths after `/identitytoolkit.googleapis.com/`.
    private func identityToolkit(_ request: HTTPRequest, path: String) throws(APIError) -> HTTPResponse {
        if let operation = path.removingPrefix("v1/accounts:") {
            return try account(request, Self.clientOperations[operation], RequestSchema.clientRequests[operation],
                               path: path, scope: nil)
        }
        if let operation = path.removingPrefix("v2/accounts/") {
            return try account(request, Self.multiFactorOperations[operation],
                               RequestSchema.multiFactorRequests[operation], path: path, scope: nil)
        }
        if let rest = path.removingPrefix("v1/projects/"), let (scope, operation) = Self.projectPath(rest) {
            return try account(request, Self.projectOperations[operation], RequestSchema.projectRequests[operation],
                               path: path, scope: scope)
        }
        if let rest = path.removingPrefix("v2/projects/") {
            return try projectResource(request, path: rest)
        }
        return try publicConfig(request, path: path)
    }

    /// Serves an account operation in `scope` (nil: the body's `targetProjectId` or the default project), or in
    /// the tenant the body's `tenantId` or its `idToken` names. The API key is checked before the body is read,
    /// and the body (against request message `schema`) before the scope is looked up or made. A tenant the owner names before it exists is created as in Firebase's
    /// emulator; a tenant whose users may not sign in (`disableAuth`) refuses every operation but batch
    /// deletes and session cookies.
    private func account(_ request: HTTPRequest, _ endpoint: AccountEndpoint?, _ schema: String?, path: String,
                         scope: EmulatorScope?) throws(APIError) -> HTTPResponse {
        guard let endpoint else { throw Self.notFound(Self.identityToolkitPrefix + path) }
        let isList = path.hasSuffix("accounts:batchGet")
        try Self.requireMethod(request, isList ? "GET" : "POST")
        try requireAPIKey(request, isAdmin: request.carriesOwnerCredential)
        let fields = isList ? JSONFields(values: request.query) : try JSONFields(body: request.body)
        if !isList, let schema { try RequestSchema.check(fields, against: schema) }
        let target = try Self.target(of: fields, in: try requestedScope(scope, fields, request))
        if let tenant = target.tenant, request.carriesOwnerCredential {
            try projects.requireServed(EmulatorScope(project: target.project))
            projects.createTenantIfAbsent(project: target.project, tenant: tenant)
        }
        let api = try scoped(target, for: endpoint.use)
        let call = try Call(request: request, fields: fields, api: api)
        if !Self.servedWhileAuthDisabled.contains(where: path.hasSuffix) { try api.signInRules.requireAuthEnabled() }
        return .json(try endpoint.operation(api)(call))
    }

    /// The scope of the path; for a client path, the body's `targetProjectId`, which only the owner may name
    /// (INSUFFICIENT_PERMISSION, as in Firebase's emulator), else the default project.
    private func requestedScope(_ path: EmulatorScope?, _ fields: JSONFields, _ request: HTTPRequest)
        throws(APIError) -> EmulatorScope {
        if let path { return path }
        guard let target = try fields.nonEmptyString("targetProjectId") else { return EmulatorScope(project: projectID) }
        guard request.carriesOwnerCredential else {
            throw APIError("INSUFFICIENT_PERMISSION", "Only authenticated requests can specify target_project_id.")
        }
        return EmulatorScope(project: target)
    }

    /// Operations a tenant with `disableAuth` still serves, as in Firebase's emulator.
    private static let servedWhileAuthDisabled = ["accounts:batchDelete", ":createSessionCookie"]

    /// The scope an account request acts on: `scope` (from the path), with the tenant of the body's `tenantId`
    /// and of its `idToken` (read without checking it; the scope's key checks it). TENANT_ID_MISMATCH when
    /// two of them name different tenants.
    static func target(of fields: JSONFields, in scope: EmulatorScope) throws(APIError) -> EmulatorScope {
        var target = scope
        for tenant in [try fields.nonEmptyString("tenantId"), IDToken.claimedTenant(try fields.string("idToken"))] {
            guard let tenant else { continue }
            guard target.tenant == nil || target.tenant == tenant else { throw APIError("TENANT_ID_MISMATCH") }
            target.tenant = tenant
        }
        return target
    }

    /// `v1/projects/…` account paths: the scope and the operation (`accounts`, `accounts:lookup`,
    /// `:createSessionCookie`, …). `rest` is the path after `v1/projects/`.
    static func projectPath(_ rest: String) -> (EmulatorScope, String)? {
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.popLast() else { return nil }
        let colon = last.firstIndex(of: ":")
        parts.append(String(last[..<(colon ?? last.endIndex)]))
        let operation = colon.map { String(last[$0...]) } ?? ""
        var scope = EmulatorScope(project: parts[0])
        var resource = Array(parts.dropFirst())
        if resource.count >= 2, resource[0] == "tenants" {
            scope.tenant = resource[1]
            resource.removeFirst(2)
        }
        guard resource.count <= 1 else { return nil }
        return (scope, (resource.first ?? "") + operation)
    }

    /// Account operations on the client paths (`v1/accounts:<name>`).
    static let clientOperations: [String: AccountEndpoint] = [
        "signUp": .write { $0.signUp }, "signInWithPassword": .read { $0.signInWithPassword },
        "sendOobCode": .write { $0.sendOobCode }, "resetPassword": .read { $0.resetPassword },
        "signInWithEmailLink": .read { $0.signInWithEmailLink },
        "sendVerificationCode": .write { $0.sendVerificationCode },
        "signInWithPhoneNumber": .read { $0.signInWithPhoneNumber }, "signInWithIdp": .write { $0.signInWithIdp },
        "signInWithCustomToken": .write { $0.signInWithCustomToken },
        // A browser hand-off is kept beside the stores; the sign-in that completes it writes.
        "createAuthUri": .read { $0.createAuthUri }, "lookup": .read { $0.lookup }, "update": .read { $0.update },
        "delete": .read { $0.delete },
    ]

    /// The v2 account operations (the part after `v2/accounts/`): each needs a token or a pending sign-in.
    static let multiFactorOperations: [String: AccountEndpoint] = [
        "mfaEnrollment:start": .read { $0.startMFAEnrollment },
        "mfaEnrollment:finalize": .read { $0.finalizeMFAEnrollment },
        "mfaEnrollment:withdraw": .read { $0.withdrawMFA },
        "mfaSignIn:start": .read { $0.startMFASignIn }, "mfaSignIn:finalize": .read { $0.finalizeMFASignIn },
    ]

    /// The Admin API on project (and tenant) paths, by what follows the project or tenant id.
    static let projectOperations: [String: AccountEndpoint] = [
        "accounts": .write { $0.createAccount }, "accounts:lookup": .read { $0.lookup },
        "accounts:update": .read { $0.update }, "accounts:delete": .read { $0.delete },
        "accounts:sendOobCode": .write { $0.sendOobCode }, "accounts:batchGet": .read { $0.batchGet },
        "accounts:batchCreate": .write { $0.batchCreate }, "accounts:batchDelete": .read { $0.batchDelete },
        "accounts:query": .read { $0.queryAccounts }, ":queryAccounts": .read { $0.queryAccounts },
        ":createSessionCookie": .read { $0.createSessionCookie },
    ]

    /// 405 unless the request uses one of `methods`.
    static func requireMethod(_ request: HTTPRequest, _ methods: String...) throws(APIError) {
        guard methods.contains(request.method.uppercased()) else {
            throw APIError(status: 405, code: "METHOD_NOT_ALLOWED",
                           detail: "\(request.method) is not allowed here; use \(methods.joined(separator: " or "))",
                           canonicalStatus: "METHOD_NOT_ALLOWED")
        }
    }

    /// 404 for a path nothing is served at.
    static func notFound(_ path: String) -> APIError {
        APIError(status: 404, code: "NOT_FOUND", detail: "nothing is served at \(path)", canonicalStatus: "NOT_FOUND")
    }

    /// Production's answers when the API key is missing (403) or empty (400); admin calls need none.
    func requireAPIKey(_ request: HTTPRequest, isAdmin: Bool) throws(APIError) {
        guard !isAdmin else { return }
        guard let key = request.query["key"] ?? request.header("x-goog-api-key") else {
            throw APIError(status: 403, code: "PERMISSION_DENIED",
                           detail: "The request is missing a valid API key.", canonicalStatus: "PERMISSION_DENIED")
        }
        guard !key.isEmpty else {
            throw APIError(status: 400, code: "API_KEY_INVALID",
                           detail: "API key not valid. Please pass a valid API key.",
                           canonicalStatus: "INVALID_ARGUMENT")
        }
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    func removingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
