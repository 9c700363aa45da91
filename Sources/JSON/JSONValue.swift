import FoundationEssentials

/// A JSON value (RFC 8259), read with FoundationEssentials' `JSONDecoder` and written as `JSONText`.
public enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value `data` holds (any top-level value).
    public init(data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    public init(from decoder: any Decoder) throws {
        // Each kind is tried in turn and a wrong guess costs a thrown error: strings and objects, the commonest
        // in requests, first.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON text of this value, keys sorted, slashes unescaped unless `escapingSlashes` (see `JSONText`).
    public func data(prettyPrinted: Bool = false, escapingSlashes: Bool = true,
                     escapingTerminalControls: Bool = false) -> Data {
        var text = JSONText(prettyPrinted: prettyPrinted, escapingSlashes: escapingSlashes,
                            escapingTerminalControls: escapingTerminalControls)
        text.append(self)
        return Data(text.bytes)
    }
}
