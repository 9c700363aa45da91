import Foundation

/// A JSON document as a Sendable value: what the OpenAPI check walks, both in the spec and in the bodies.
public indirect enum JSONValue: Sendable, Hashable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Parses JSON text (any top-level value).
    public init(data: Data) throws {
        self.init(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Converts a Foundation JSON value; booleans stay booleans (Foundation bridges them to NSNumber).
    public init(foundation value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init(foundation:)))
        case let array as [Any]: self = .array(array.map(JSONValue.init(foundation:)))
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            self = type == "c" || type == "B" ? .bool(number.boolValue) : .number(number.doubleValue)
        default: self = .null
        }
    }

    /// The members of an object, else nil.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text of a string, else nil.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Member `key` of an object, else nil.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

/// The Identity Toolkit OpenAPI spec, used to check that request and response bodies keep to the schema of
/// their path: property names and the JSON types of their values (enough to catch drift, not a full
/// OpenAPI validator).
public struct OpenAPISchema: Sendable {
    let document: JSONValue
    private let paths: [(pattern: String, item: JSONValue)]

    /// Where the repository's copy of the spec lives (`Tests/TestSupport/Resources/identitytoolkit-openapi.json`),
    /// found from a test file's `#filePath` (`<root>/Tests/<Target>/<File>.swift`).
    public static func referencePath(from filePath: String) -> String {
        var root = URL(fileURLWithPath: filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("Tests/TestSupport/Resources/identitytoolkit-openapi.json").path
    }

    /// Loads the spec at `path`.
    public init(contentsOf path: String) throws {
        document = try JSONValue(data: Data(contentsOf: URL(fileURLWithPath: path)))
        paths = (document["paths"]?.objectValue ?? [:]).map { ($0.key, $0.value) }
    }

    /// What is wrong with a request body sent to `path` (a spec path, or a served one whose first segment is
    /// the production host) with `method`; empty when it fits. A path or method the spec lacks is a problem.
    public func requestProblems(path: String, method: String, body: JSONValue) -> [String] {
        guard let operation = operation(path: path, method: method) else {
            return ["\(method) \(path) is not in the spec"]
        }
        guard let requestBody = operation["requestBody"].map(resolve),
              let schema = bodySchema(requestBody["content"])
        else { return ["\(method) \(path) takes no request body in the spec"] }
        return problems(body, schema: schema, at: "request")
    }

    /// Whether a response problem is one of the emulator's deliberate additions to the spec (DECISIONS.md,
    /// "Multi-factor" and "Emulator as a drop-in"): phone and custom-token sign-ins of an account with second
    /// factors are held back with the fields the other sign-in answers use for that; tenants carry `tenantId`
    /// beside `name`, as Firebase's emulator answers them.
    public static func isDocumentedExtension(_ problem: String, of path: String) -> Bool {
        let segments = path.split(separator: "/")
        if segments.last == "tenants" || segments.dropLast().last == "tenants",
           problem.hasSuffix(": unknown property \"tenantId\""),
           problem.hasPrefix("response:") || problem.hasPrefix("response.tenants[") {
            return true
        }
        let added = if path.hasSuffix("accounts:signInWithPhoneNumber") {
            ["mfaPendingCredential", "mfaInfo", "email"]
        } else if path.hasSuffix("accounts:signInWithCustomToken") {
            ["mfaPendingCredential", "mfaInfo", "email", "localId"]
        } else {
            [String]()
        }
        return added.contains { problem == "response: unknown property \"\($0)\"" }
    }

    /// What is wrong with a success response from `path` with `method`; empty when it fits.
    public func responseProblems(path: String, method: String, body: JSONValue) -> [String] {
        guard let operation = operation(path: path, method: method) else {
            return ["\(method) \(path) is not in the spec"]
        }
        guard let schema = bodySchema(operation["responses"]?["200"]?["content"]) else {
            return ["\(method) \(path) has no 200 response schema in the spec"]
        }
        return problems(body, schema: schema, at: "response")
    }

    /// What is wrong with `body` under the component schema `name` (for a path whose spec entry points at the
    /// wrong schema); a missing schema is a problem.
    public func problems(_ body: JSONValue, schemaNamed name: String) -> [String] {
        guard let schema = document["components"]?["schemas"]?[name] else { return ["no schema \(name) in the spec"] }
        return problems(body, schema: schema, at: name)
    }

    /// The operation object for a served or spec path and method.
    private func operation(path: String, method: String) -> JSONValue? {
        let specPath = Self.specPath(path)
        let item = paths.first { $0.pattern == specPath }?.item
            ?? paths.first { Self.matches(specPath, template: $0.pattern) }?.item
        return item?[method.lowercased()]
    }

    /// The path without a leading production host segment.
    private static func specPath(_ path: String) -> String {
        let hosts = ["/identitytoolkit.googleapis.com", "/securetoken.googleapis.com"]
        for host in hosts where path.hasPrefix(host + "/") {
            return String(path.dropFirst(host.count))
        }
        return path
    }

    /// Whether `path` fits a template such as `/emulator/v1/projects/{targetProjectId}/oobCodes`.
    private static func matches(_ path: String, template: String) -> Bool {
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: false)
        let templateParts = template.split(separator: "/", omittingEmptySubsequences: false)
        guard pathParts.count == templateParts.count else { return false }
        return zip(pathParts, templateParts).allSatisfy { part, pattern in
            guard pattern != part else { return true }
            // `{name}` or `{name}:operation`: any non-empty value, then the same operation suffix.
            guard pattern.hasPrefix("{"), let close = pattern.firstIndex(of: "}") else { return false }
            let suffix = pattern[pattern.index(after: close)...]
            return part.hasSuffix(suffix) && part.count > suffix.count && !part.dropLast(suffix.count).contains(":")
        }
    }

    /// The schema of a `content` map: JSON first, then any other media type.
    func bodySchema(_ content: JSONValue?) -> JSONValue? {
        guard let media = content?.objectValue else { return nil }
        let preferred = media["application/json"] ?? media["*/*"] ?? media.values.first
        return preferred?["schema"].map(resolve)
    }

    /// Follows `$ref`s to the schema or body they name.
    func resolve(_ value: JSONValue) -> JSONValue {
        var current = value
        var hops = 0
        while let reference = current["$ref"]?.stringValue, reference.hasPrefix("#/"), hops < 32 {
            var target: JSONValue? = document
            for component in reference.dropFirst(2).split(separator: "/") { target = target?[String(component)] }
            guard let target else { return .object([:]) }
            current = target
            hops += 1
        }
        return current
    }

    /// What is wrong with `value` under `schema`, naming each place by its path from `location`.
    private func problems(_ value: JSONValue, schema rawSchema: JSONValue, at location: String) -> [String] {
        let schema = resolve(rawSchema)
        let type = schema["type"]?.stringValue ?? (schema["properties"] != nil ? "object" : nil)
        switch (type, value) {
        case (nil, _): return []
        case ("object", .object(let members)): return objectProblems(members, schema: schema, at: location)
        case ("array", .array(let elements)):
            guard let items = schema["items"] else { return [] }
            return elements.enumerated().flatMap { index, element in
                problems(element, schema: items, at: "\(location)[\(index)]")
            }
        case ("string", .string(let text)): return stringProblems(text, schema: schema, at: location)
        case ("boolean", .bool): return []
        case ("number", .number): return []
        case ("integer", .number(let number)):
            return number.rounded() == number ? [] : ["\(location): \(number) is not an integer"]
        default: return ["\(location): expected \(type ?? "?"), got \(Self.describe(value))"]
        }
    }

    /// Unknown names and mistyped values of an object. A snake_case name counts as its camelCase property,
    /// as Google's JSON parser accepts both spellings. An object schema that names no properties at all
    /// accepts any.
    private func objectProblems(_ members: [String: JSONValue], schema: JSONValue, at location: String) -> [String] {
        let additional = schema["additionalProperties"]
        guard let properties = schema["properties"]?.objectValue else {
            return additional == nil ? [] : members.sorted { $0.key < $1.key }.flatMap { name, member in
                additional.map { problems(member, schema: $0, at: "\(location).\(name)") } ?? []
            }
        }
        return members.sorted { $0.key < $1.key }.flatMap { name, member -> [String] in
            if let property = properties[name] ?? properties[Self.camelCase(name)] {
                return problems(member, schema: property, at: "\(location).\(name)")
            }
            switch additional {
            case .bool(true)?: return []
            case .object(let members)? where !members.isEmpty:
                return problems(member, schema: .object(members), at: "\(location).\(name)")
            default: return ["\(location): unknown property \"\(name)\""]
            }
        }
    }

    /// Enum membership and the digits of int64 strings.
    private func stringProblems(_ text: String, schema: JSONValue, at location: String) -> [String] {
        if case .array(let allowed)? = schema["enum"], !allowed.contains(.string(text)) {
            return ["\(location): \"\(text)\" is not one of the enum values"]
        }
        let format = schema["format"]?.stringValue
        if format == "int64" || format == "uint64" {
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            if digits.isEmpty || !digits.allSatisfy(\.isASCII) || !digits.allSatisfy(\.isNumber) {
                return ["\(location): \"\(text)\" is not an \(format ?? "") string"]
            }
        }
        return []
    }

    /// `grant_type` → `grantType`.
    private static func camelCase(_ name: String) -> String {
        let parts = name.split(separator: "_")
        guard let first = parts.first else { return name }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A value's JSON type, for messages.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}
