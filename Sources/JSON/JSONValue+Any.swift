/// JSON null inside an untyped (`Any`) JSON tree, where Foundation used `NSNull`.
public struct JSONNull: Equatable, Sendable {
    public init() {}
}

extension JSONValue {
    /// The value of an untyped JSON tree: dictionaries keyed by strings, arrays, strings, booleans, numbers,
    /// `JSONNull` or `JSONValue`s; nil when it holds anything else (a date, say).
    public init?(any value: Any) {
        // The commonest first: each failed cast costs a look-up, the existential `BinaryInteger` most.
        switch value {
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as JSONValue: self = value
        case let value as Double where value.isFinite: self = .number(value)
        case let value as Int: self = .number(Double(value))
        case is JSONNull: self = .null
        case let value as any BinaryInteger: self = .number(Double(value))
        case let value as [String: Any]:
            var members: [String: JSONValue] = [:]
            for (key, member) in value {
                guard let converted = JSONValue(any: member) else { return nil }
                members[key] = converted
            }
            self = .object(members)
        case let value as [Any]:
            var elements: [JSONValue] = []
            for element in value {
                guard let converted = JSONValue(any: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        default: return nil
        }
    }

    /// This value as an untyped tree: `[String: Any]`, `[Any]`, `String`, `Bool`, `Double` or `JSONNull`.
    public var anyValue: Any {
        switch self {
        case .null: JSONNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let elements): elements.map(\.anyValue)
        case .object(let members): members.mapValues(\.anyValue)
        }
    }
}
