import Localization

/// A parsed JSON value, so a configuration file can be checked key by key with precise errors.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value's JSON type.
    var type: JSONType {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

/// A JSON type, named in configuration errors.
enum JSONType {
    case null, boolean, number, string, array, object

    /// The type's name in the string table.
    var key: StringKey {
        switch self {
        case .null: .jsonNull
        case .boolean: .jsonBoolean
        case .number: .jsonNumber
        case .string: .jsonString
        case .array: .jsonArray
        case .object: .jsonObject
        }
    }
}
