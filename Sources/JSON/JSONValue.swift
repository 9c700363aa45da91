import FoundationEssentials

/// A JSON value (RFC 8259), read with `JSONParser` and written as `JSONText`.
public enum JSONValue: Encodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The deepest nesting of arrays and objects read by default (protobuf's JSON parser, behind Google's APIs,
    /// stops at 100).
    public static let maximumDepth = 100

    /// The value `data` holds (any top-level value), read in time linear in its length; nesting deeper than
    /// `maximumDepth` levels is refused.
    public init(data: Data, maximumDepth: Int = JSONValue.maximumDepth) throws(JSONParseError) {
        let result = data.withUnsafeBytes { raw -> Result<JSONValue, JSONParseError> in
            var parser = JSONParser(raw.assumingMemoryBound(to: UInt8.self), maximumDepth: maximumDepth)
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        self = try result.get()
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
