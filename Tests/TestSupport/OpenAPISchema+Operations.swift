import Foundation

/// One operation of the OpenAPI spec, with the integer-like places of its requests.
public struct SpecOperation: Sendable, CustomStringConvertible {
    /// `GET`, `POST`, `PATCH`, `PUT` or `DELETE`.
    public let method: String
    /// The spec's path template, such as `/v1/projects/{targetProjectId}/accounts:batchGet`.
    public let template: String
    /// The top-level properties of the request body.
    public let properties: [String]
    /// The integer-like fields of the request body (integers, numbers, and int32/int64/uint64 strings), each as
    /// the property names leading to it, `[]` standing for an array's elements.
    public let integerFields: [[String]]
    /// The integer-like query parameters.
    public let integerParameters: [String]

    public var description: String { "\(method) \(template)" }

    /// Whether the template names a tenant.
    public var isTenantScoped: Bool { template.contains("{tenantId}") }

    /// The path served for this operation: the production host first, parameters filled in (`oidc.x`,
    /// `saml.x` and `google.com` for provider configurations).
    public func servedPath(project: String, tenant: String) -> String {
        let filled = template.replacingOccurrences(of: "{targetProjectId}", with: project)
            .replacingOccurrences(of: "{tenantId}", with: tenant)
            .replacingOccurrences(of: "{oauthIdpConfigsId}", with: "oidc.x")
            .replacingOccurrences(of: "{inboundSamlConfigsId}", with: "saml.x")
            .replacingOccurrences(of: "{defaultSupportedIdpConfigsId}", with: "google.com")
        if filled.hasPrefix("/emulator/") { return filled }
        if filled == "/v1/token" { return "/securetoken.googleapis.com" + filled }
        return "/identitytoolkit.googleapis.com" + filled
    }
}

extension OpenAPISchema {
    /// Every operation of the spec, by path template and method.
    public var operations: [SpecOperation] {
        let items = (document["paths"]?.objectValue ?? [:]).sorted { $0.key < $1.key }
        return items.flatMap { template, item in
            ["get", "post", "patch", "put", "delete"].compactMap { method -> SpecOperation? in
                guard let operation = item[method] else { return nil }
                let schema = operation["requestBody"].flatMap { bodySchema(resolve($0)["content"]) }
                let parameters = [operation["parameters"], item["parameters"]].flatMap { list -> [JSONValue] in
                    if case .array(let entries)? = list { return entries.map(resolve) }
                    return []
                }
                return SpecOperation(
                    method: method.uppercased(), template: template,
                    properties: schema.flatMap { resolve($0)["properties"]?.objectValue?.keys.sorted() } ?? [],
                    integerFields: schema.map { integerFields(in: $0, at: [], visiting: []) } ?? [],
                    integerParameters: parameters.compactMap { parameter in
                        guard parameter["in"]?.stringValue == "query",
                              isIntegerLike(resolve(parameter["schema"] ?? .null)) else { return nil }
                        return parameter["name"]?.stringValue
                    }.sorted())
            }
        }
    }

    /// The integer-like fields under `schema`; a schema already being walked (a recursive one) is not entered
    /// again.
    private func integerFields(in schema: JSONValue, at path: [String], visiting: Set<String>) -> [[String]] {
        let reference = schema["$ref"]?.stringValue
        if let reference, visiting.contains(reference) { return [] }
        let visiting = reference.map { visiting.union([$0]) } ?? visiting
        let resolved = resolve(schema)
        if isIntegerLike(resolved) { return [path] }
        if let items = resolved["items"] { return integerFields(in: items, at: path + ["[]"], visiting: visiting) }
        return (resolved["properties"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.flatMap { name, property in
            integerFields(in: property, at: path + [name], visiting: visiting)
        }
    }

    /// An integer or number, or a string holding one (`format` int32, int64 or uint64).
    private func isIntegerLike(_ schema: JSONValue) -> Bool {
        switch schema["type"]?.stringValue {
        case "integer", "number": true
        case "string": ["int32", "int64", "uint64"].contains(schema["format"]?.stringValue ?? "")
        default: false
        }
    }
}
