/// Why a JSON text could not be read: what was wrong, and the byte offset where it was found.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, as a sentence fragment ("Unexpected '}'").
    public var reason: String
    /// The offset of the byte where the text went wrong.
    public var offset: Int

    /// `reason at byte offset`.
    public var description: String { "\(reason) at byte \(offset)." }
}

/// Reads JSON text (RFC 8259, UTF-8) into a `JSONValue` in one pass over its bytes.
///
/// Every byte is examined a bounded number of times whatever the nesting, and each value is built once and moved
/// into its container, so the work grows with the length of the text only. Nesting deeper than `maximumDepth` is
/// refused where it starts, before anything inside it is read. Strings must be valid UTF-8 without unpaired
/// surrogate escapes; numbers must be finite doubles; a repeated member name keeps its last value.
struct JSONParser {
    /// The deepest nesting of arrays and objects read.
    let maximumDepth: Int
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0
    /// How many times a byte of the text was examined, the parser's unit of work: at most eight per byte (the
    /// byte after a number is looked at most often).
    private(set) var bytesExamined = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONValue.maximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The single value the text holds, after an optional UTF-8 byte order mark; only whitespace may follow it.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw failure("Unexpected text after the value") }
        return value
    }

    /// The byte at the cursor, counted as examined; nil at the end.
    private mutating func peek() -> UInt8? {
        guard offset < bytes.count else { return nil }
        bytesExamined += 1
        return bytes[offset]
    }

    private func failure(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: offset)
    }

    /// Unexpected byte at the cursor, or the end.
    private mutating func unexpected() -> JSONParseError {
        guard let byte = peek() else { return failure("Unexpected end of the text") }
        if (0x21...0x7E).contains(byte) {
            return failure("Unexpected '\(Character(Unicode.Scalar(byte)))'")
        }
        return failure("Unexpected byte 0x\(String(byte, radix: 16, uppercase: true))")
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset += 1
        }
    }

    /// Moves past `byte` if it is at the cursor.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw unexpected() }
        switch byte {
        case UInt8(ascii: "{"):
            return .object(try nested { (parser) throws(JSONParseError) in try parser.parseMembers() })
        case UInt8(ascii: "["):
            return .array(try nested { (parser) throws(JSONParseError) in try parser.parseElements() })
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw unexpected()
        }
    }

    /// Runs `body` one level deeper, refusing nesting beyond `maximumDepth` before reading any of it.
    private mutating func nested<Value>(_ body: (inout JSONParser) throws(JSONParseError) -> Value)
        throws(JSONParseError) -> Value {
        guard depth < maximumDepth else {
            throw failure("Nesting deeper than \(maximumDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func parseElements() throws(JSONParseError) -> [JSONValue] {
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return elements }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return elements }
            guard consume(UInt8(ascii: ",")) else { throw unexpected() }
            skipWhitespace()
        }
    }

    private mutating func parseMembers() throws(JSONParseError) -> [String: JSONValue] {
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return members }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw unexpected() }
            let name = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw unexpected() }
            skipWhitespace()
            members[name] = try parseValue()
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return members }
            guard consume(UInt8(ascii: ",")) else { throw unexpected() }
            skipWhitespace()
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(JSONParseError) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard consume(byte) else { throw unexpected() }
        }
    }

    /// A number as RFC 8259 writes it (`-`, no leading zeros, optional fraction and exponent), as a finite double.
    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard skipDigits() > 0 else { throw unexpected() }
        }
        if consume(UInt8(ascii: ".")) {
            guard skipDigits() > 0 else { throw unexpected() }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { throw unexpected() }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            offset = start
            throw failure("Number \(text) is out of range")
        }
        return number
    }

    /// Moves past decimal digits; how many there were.
    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    /// A quoted string: runs without escapes are copied whole; the text must be valid UTF-8.
    private mutating func parseString() throws(JSONParseError) -> String {
        let start = offset
        offset += 1
        var decoded: [UInt8] = []
        var runStart = offset
        while true {
            guard let byte = peek() else { throw failure("Unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                let run = bytes[runStart..<offset]
                offset += 1
                if decoded.isEmpty {
                    return try Self.text(UnsafeBufferPointer(rebasing: run), at: start)
                }
                decoded.append(contentsOf: run)
                return try decoded.withUnsafeBufferPointer { (text) throws(JSONParseError) in
                    try Self.text(text, at: start)
                }
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                try appendEscape(to: &decoded)
                runStart = offset
            case 0..<0x20:
                throw failure("Control character in a string")
            default:
                offset += 1
            }
        }
    }

    /// `bytes` as a string, when they are valid UTF-8.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONParseError(reason: "Invalid UTF-8 in a string", offset: offset)
        }
        return text
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func appendEscape(to decoded: inout [UInt8]) throws(JSONParseError) {
        let simple: UInt8? = switch peek() {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "u"): nil
        default: throw failure("Invalid escape in a string")
        }
        offset += 1
        if let simple {
            decoded.append(simple)
            return
        }
        var scalar = try parseHexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                throw failure("Unpaired surrogate in a string")
            }
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("Unpaired surrogate in a string") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let character = Unicode.Scalar(scalar) else { throw failure("Unpaired surrogate in a string") }
        UTF8.encode(character) { decoded.append($0) }
    }

    /// Four hexadecimal digits after `\u`.
    private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32 = switch peek() {
            case let byte? where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): UInt32(byte - 0x30)
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte): UInt32(byte - 0x57)
            case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte): UInt32(byte - 0x37)
            default: throw failure("Invalid \\u escape in a string")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}
