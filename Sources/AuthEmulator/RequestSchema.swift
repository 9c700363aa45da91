import FoundationEssentials
import JSON

/// The JSON type of a request field in Identity Toolkit's OpenAPI document. Firebase's emulator checks every
/// request body against that document before the operation runs; the emulator does the same for its account
/// operations (`RequestSchemas.swift` is generated from the document by `Scripts/request-schemas.py`).
indirect enum RequestSchema: Sendable {
    case string, boolean, integer, number, object
    /// A value of any type (the document names none).
    case any
    /// A message of `messages`, by name.
    case message(String)
    case array(RequestSchema)
    /// An object whose every member has the type.
    case map(RequestSchema)

    /// Checks `fields` against request message `name`: the first value of another JSON type (fields in the
    /// document's order, depth first) is INVALID_ARGUMENT "Invalid JSON payload received. /<path> must be
    /// <type>", as Firebase's emulator words it. Null is of no type; a number stands for a string, as that
    /// emulator converts it; fields the document does not name are let through.
    static func check(_ fields: JSONFields, against name: String) throws(APIError) {
        if let problem = problem(in: fields.values, message: name, at: "") {
            throw .invalidJSONPayload(problem)
        }
    }

    /// The first problem of the members of `object` as fields of message `name`, at JSON pointer `path`.
    private static func problem(in object: [String: Any], message name: String, at path: String) -> String? {
        for (field, type) in messages[name] ?? [] {
            guard let value = object[field] else { continue }
            if let problem = type.problem(with: value, at: path + "/" + field) { return problem }
        }
        return nil
    }

    /// What is wrong with `value` at JSON pointer `path`, if anything.
    private func problem(with value: Any, at path: String) -> String? {
        switch self {
        case .any: return nil
        case .string: return value is String || value is Double ? nil : "\(path) must be string"
        case .boolean: return value is Bool ? nil : "\(path) must be boolean"
        case .integer:
            guard let number = value as? Double, number.isFinite, number == number.rounded() else {
                return "\(path) must be integer"
            }
            return nil
        case .number: return value is Double ? nil : "\(path) must be number"
        case .object: return value is [String: Any] ? nil : "\(path) must be object"
        case .message(let name):
            guard let object = value as? [String: Any] else { return "\(path) must be object" }
            return Self.problem(in: object, message: name, at: path)
        case .array(let element):
            guard let items = value as? [Any] else { return "\(path) must be array" }
            for (index, item) in items.enumerated() {
                if let problem = element.problem(with: item, at: "\(path)/\(index)") { return problem }
            }
            return nil
        case .map(let element):
            guard let object = value as? [String: Any] else { return "\(path) must be object" }
            for key in object.keys.sorted() {
                let escaped = key.replacing("~", with: "~0").replacing("/", with: "~1")
                if let problem = element.problem(with: object[key] as Any, at: "\(path)/\(escaped)") { return problem }
            }
            return nil
        }
    }
}
