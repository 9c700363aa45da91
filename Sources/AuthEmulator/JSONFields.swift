import FoundationEssentials
import JSON

/// A decoded JSON request body with typed field access; a field of the wrong type is INVALID_ARGUMENT,
/// never a crash or a silent default.
struct JSONFields {
    let values: [String: Any]

    /// The fields of a JSON object body; an empty body is an empty object. Kept strings longer than
    /// `FieldLengths` allows are refused here, before any operation sees them. Enum values given by number
    /// become their names (`ProtoEnumFields`).
    init(body: Data) throws(APIError) {
        guard !body.isEmpty else {
            values = [:]
            return
        }
        let parsed: JSONValue
        do {
            parsed = try JSONValue(data: body)
        } catch {
            throw .invalidJSONPayload("\(error)")
        }
        guard case .object(let members) = parsed else {
            throw .invalidJSONPayload("The body must be a JSON object.")
        }
        try FieldLengths.check(parsed)
        values = ProtoEnumFields.named(members).mapValues(\.anyValue)
    }

    /// Fields given directly (decoded form bodies).
    init(values: [String: Any]) {
        self.values = values
    }

    /// A string field; nil when absent or null.
    func string(_ name: String) throws(APIError) -> String? {
        guard let value = present(name) else { return nil }
        guard let string = value as? String else { throw Self.wrongType(name, "TYPE_STRING") }
        return string
    }

    /// A non-empty string field; nil when absent, null or empty.
    func nonEmptyString(_ name: String) throws(APIError) -> String? {
        try string(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The first of several spellings of a field that is a non-empty string.
    func nonEmptyString(anyOf names: String...) throws(APIError) -> String? {
        for name in names {
            if let value = try nonEmptyString(name) { return value }
        }
        return nil
    }

    /// A boolean field (JSON `true`/`false` only); nil when absent or null.
    func bool(_ name: String) throws(APIError) -> Bool? {
        guard let value = present(name) else { return nil }
        guard let flag = value as? Bool else {
            throw Self.wrongType(name, "TYPE_BOOL")
        }
        return flag
    }

    /// An array-of-strings field; nil when absent or null.
    func strings(_ name: String) throws(APIError) -> [String]? {
        guard let value = present(name) else { return nil }
        guard let array = value as? [Any] else { throw Self.wrongType(name, "TYPE_STRING (repeated)") }
        var strings: [String] = []
        for element in array {
            guard let string = element as? String else { throw Self.wrongType(name, "TYPE_STRING (repeated)") }
            strings.append(string)
        }
        return strings
    }

    /// A nested object field; nil when absent or null.
    func object(_ name: String) throws(APIError) -> JSONFields? {
        guard let value = present(name) else { return nil }
        guard let object = value as? [String: Any] else { throw Self.wrongType(name, "TYPE_MESSAGE") }
        return JSONFields(values: object)
    }

    /// An array-of-objects field; nil when absent or null.
    func objects(_ name: String) throws(APIError) -> [JSONFields]? {
        guard let value = present(name) else { return nil }
        guard let array = value as? [Any] else { throw Self.wrongType(name, "TYPE_MESSAGE (repeated)") }
        var objects: [JSONFields] = []
        for element in array {
            guard let object = element as? [String: Any] else { throw Self.wrongType(name, "TYPE_MESSAGE (repeated)") }
            objects.append(JSONFields(values: object))
        }
        return objects
    }

    /// A whole-number field, given as a JSON number or (int64 style) a decimal string; nil when absent or null.
    func integer(_ name: String) throws(APIError) -> Int? {
        guard let value = present(name) else { return nil }
        if let text = value as? String {
            guard let number = Int(text) else { throw Self.wrongType(name, "TYPE_INT64") }
            return number
        }
        guard let number = value as? Double, number == number.rounded(), abs(number) < 1e15
        else { throw Self.wrongType(name, "TYPE_INT64") }
        return Int(number)
    }

    /// The value of `name` unless it is absent or JSON null.
    private func present(_ name: String) -> Any? {
        guard let value = values[name], !(value is JSONNull) else { return nil }
        return value
    }

    /// INVALID_ARGUMENT naming the field and the type it should have had, as Google's proto JSON parser says it.
    private static func wrongType(_ name: String, _ type: String) -> APIError {
        .invalidArgument("Invalid value at '\(name)' (\(type))")
    }
}
