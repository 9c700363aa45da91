import JSON
import Localization

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

extension JSONValue {
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
