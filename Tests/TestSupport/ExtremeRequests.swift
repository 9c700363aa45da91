import Foundation
import HTTPServer

/// Requests that put extreme values into the operations of the spec, and the requests that read back what they
/// may have stored.
public struct ExtremeRequests: Sendable {
    /// Who sends a request.
    public enum Caller: Sendable {
        /// The owner credential, naming the account by `localId`.
        case adminByLocalID
        /// The owner credential with the account's ID token (session cookies).
        case adminByIDToken
        /// An app with an API key and the account's ID token.
        case user
    }

    /// The `localId` of an account an import (`users[]`) creates.
    public static let importedUID = "fuzz-imported"

    public let target: FuzzTarget

    public init(target: FuzzTarget) {
        self.target = target
    }

    /// The callers worth trying on `operation`: configuration takes the admin; the Admin API the admin, also with a
    /// token when it takes one; the client API an app, and the admin too when it takes a uid.
    public static func callers(for operation: SpecOperation) -> [Caller] {
        if operation.template.hasPrefix("/v2/projects/") || operation.template.hasPrefix("/emulator/") {
            return [.adminByLocalID]
        }
        if operation.template.hasPrefix("/v1/projects/") {
            return operation.properties.contains("idToken") ? [.adminByLocalID, .adminByIDToken] : [.adminByLocalID]
        }
        return operation.properties.contains("localId") ? [.user, .adminByLocalID] : [.user]
    }

    /// `operation` as `caller` naming the target's account, with `value` (raw JSON text) at `field` (a query
    /// parameter, or a body field as `SpecOperation.integerFields` names it) and `mask` as the `updateMask`.
    public func request(_ operation: SpecOperation, as caller: Caller, setting field: [String]? = nil,
                        to value: String = "0", mask: String? = nil) -> HTTPRequest {
        let account = target.account(for: operation)
        var query: [String: String] = [:]
        if let mask { query["updateMask"] = mask }
        var body: [String: Any] = caller == .adminByLocalID ? ["localId": account.uid] : ["idToken": account.idToken]
        if let field, field.count == 1, operation.integerParameters.contains(field[0]) {
            query[field[0]] = value.hasPrefix("\"") ? String(value.dropFirst().dropLast()) : value
        } else if let field, let name = field.first {
            body[name] = Self.nested(field.dropFirst())
        }
        let text = ["GET", "DELETE"].contains(operation.method) ? "" : Self.json(body, placing: value)
        return Self.sent(operation, by: caller, path: path(of: operation), query: query, body: text)
    }

    /// `operation` as `caller` with `body` as the whole body (nested too deep, not an object).
    public func request(_ operation: SpecOperation, as caller: Caller, body: String) -> HTTPRequest {
        Self.sent(operation, by: caller, path: path(of: operation), query: [:], body: body)
    }

    /// Reads of what a write to `operation` may have stored: `configurationReads` after a configuration write,
    /// else `accountReads`.
    public func followUps(after operation: SpecOperation) -> [HTTPRequest] {
        operation.template.hasPrefix("/v2/projects/") ? configurationReads : accountReads
    }

    /// The accounts of both scopes by ID token and by uid (the imported one too), every account a batchGet lists,
    /// and a refresh of each refresh token.
    public var accountReads: [HTTPRequest] {
        let toolkit = "/identitytoolkit.googleapis.com"
        let scopes: [(FuzzTarget.Account, String?)] = [(target.projectAccount, nil),
                                                       (target.tenantAccount, target.tenant)]
        return scopes.flatMap { account, tenant -> [HTTPRequest] in
            let scope = "\(toolkit)/v1/projects/\(target.project)" + (tenant.map { "/tenants/\($0)" } ?? "")
            var byToken: [String: Any] = ["idToken": account.idToken]
            byToken["tenantId"] = tenant
            let refresh = ["grant_type": "refresh_token", "refresh_token": account.refreshToken]
            let byUID = ["localId": [account.uid, Self.importedUID]]
            return [
                .client("POST", "\(toolkit)/v1/accounts:lookup", body: Self.json(byToken)),
                .admin("POST", "\(scope)/accounts:lookup", body: Self.json(byUID)),
                .admin("GET", "\(scope)/accounts:batchGet", query: ["maxResults": "1000"]),
                .client("POST", "/securetoken.googleapis.com/v1/token", body: Self.json(refresh)),
            ]
        }
    }

    /// The project's configuration, the tenant, and the provider configurations.
    public var configurationReads: [HTTPRequest] {
        let project = "/identitytoolkit.googleapis.com/v2/projects/\(target.project)"
        return ["/config", "/tenants/\(target.tenant)", "/oauthIdpConfigs", "/inboundSamlConfigs",
                "/defaultSupportedIdpConfigs", "/tenants/\(target.tenant)/oauthIdpConfigs"]
            .map { HTTPRequest.admin("GET", project + $0) }
    }

    /// A random request: most often an extreme value at one of all the operations' integer-like places, else an
    /// odd update mask for a PATCH, a body nested up to 5,000 levels deep, or an extreme value at any property.
    public func random(from operations: [SpecOperation], using random: inout SeededGenerator)
        -> (SpecOperation, HTTPRequest) {
        let value = ExtremeValues.all.randomElement(using: &random)!
        let places = operations.flatMap { operation in
            (operation.integerFields + operation.integerParameters.map { [$0] }).map { (operation, $0) }
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            let (operation, place) = places.randomElement(using: &random)!
            let caller = Self.callers(for: operation).randomElement(using: &random)!
            return (operation, request(operation, as: caller, setting: place, to: value))
        case 6:
            let operation = operations.filter { $0.method == "PATCH" }.randomElement(using: &random)!
            let mask = ExtremeValues.updateMasks.randomElement(using: &random)!
            let place = places.first { $0.0.template == operation.template }?.1
            return (operation, request(operation, as: .adminByLocalID, setting: place, to: value, mask: mask))
        case 7:
            let operation = operations.randomElement(using: &random)!
            let caller = Self.callers(for: operation).randomElement(using: &random)!
            let depth = Int.random(in: 1...5_000, using: &random)
            let body = ExtremeValues.nested(depth: depth, objects: Bool.random(using: &random))
            return (operation, request(operation, as: caller, body: body))
        default:
            let operation = operations.randomElement(using: &random)!
            let caller = Self.callers(for: operation).randomElement(using: &random)!
            let property = operation.properties.randomElement(using: &random).map { [$0] }
            return (operation, request(operation, as: caller, setting: property, to: value))
        }
    }

    private func path(of operation: SpecOperation) -> String {
        operation.servedPath(project: target.project, tenant: target.tenant)
    }

    private static func sent(_ operation: SpecOperation, by caller: Caller, path: String, query: [String: String],
                             body: String) -> HTTPRequest {
        caller == .user ? .client(operation.method, path, query: query, body: body)
            : .admin(operation.method, path, query: query, body: body)
    }

    /// Stands for the extreme value in a body until its JSON text is written.
    private static let placeholder = "@@extreme@@"

    /// The value at the rest of a field path: the placeholder, inside objects and one-element arrays; an object in
    /// an array gets `importedUID` as its `localId`, so an imported account has one.
    private static func nested(_ path: ArraySlice<String>) -> Any {
        guard let name = path.first else { return placeholder }
        guard name == "[]" else { return [name: nested(path.dropFirst())] }
        let element = nested(path.dropFirst())
        guard var object = element as? [String: Any] else { return [element] }
        object["localId"] = importedUID
        return [object]
    }

    /// The JSON text of `object`, with `value` written raw where the placeholder is.
    private static func json(_ object: [String: Any], placing value: String = "0") -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"\(placeholder)\"", with: value)
    }
}
