/// Writes a `JSONValue` as JSON text, byte for byte what FoundationEssentials' `JSONEncoder` writes with sorted
/// keys, straight into one buffer (the encoder first builds a tree of its own and boxes every value).
///
/// Keys are sorted by their UTF-8 bytes; numbers are written as `Double.description` without a trailing
/// `.0`; `"`, `\` and control characters are escaped (`\b \t \n \f \r`, else `\u00XX`), `/` too when asked,
/// and for a terminal also DEL, C1 controls and bidi embeddings, overrides and isolates (`\uXXXX`); everything
/// else is written as UTF-8. Pretty printing indents by two spaces and writes `"key" : value`.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    let prettyPrinted: Bool
    let escapingSlashes: Bool
    /// Whether the text may be shown on a terminal, which would act on DEL, C1 and bidi controls.
    let escapingTerminalControls: Bool

    init(prettyPrinted: Bool, escapingSlashes: Bool, escapingTerminalControls: Bool = false) {
        self.prettyPrinted = prettyPrinted
        self.escapingSlashes = escapingSlashes
        self.escapingTerminalControls = escapingTerminalControls
        bytes.reserveCapacity(256)
    }

    /// Appends `value`, nested `depth` levels deep (for indentation).
    mutating func append(_ value: JSONValue, depth: Int = 0) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): appendNumber(number)
        case .string(let string): appendString(string)
        case .array(let elements): appendArray(elements, depth: depth)
        case .object(let members): appendObject(members, depth: depth)
        }
    }

    private mutating func appendArray(_ elements: [JSONValue], depth: Int) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline(depth: depth + 1)
            append(element, depth: depth + 1)
        }
        close(UInt8(ascii: "]"), isEmpty: elements.isEmpty, depth: depth)
    }

    private mutating func appendObject(_ members: [String: JSONValue], depth: Int) {
        bytes.append(UInt8(ascii: "{"))
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, member) in sorted.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline(depth: depth + 1)
            appendString(member.key)
            bytes.append(contentsOf: (prettyPrinted ? " : " : ":").utf8)
            append(member.value, depth: depth + 1)
        }
        close(UInt8(ascii: "}"), isEmpty: members.isEmpty, depth: depth)
    }

    /// The closing bracket of a container on a line of its own when pretty printing (an empty one holds one
    /// empty line, as `JSONEncoder` writes it).
    private mutating func close(_ bracket: UInt8, isEmpty: Bool, depth: Int) {
        if prettyPrinted && isEmpty { bytes.append(UInt8(ascii: "\n")) }
        newline(depth: depth)
        bytes.append(bracket)
    }

    /// A line break and indentation, when pretty printing.
    private mutating func newline(depth: Int) {
        guard prettyPrinted else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private mutating func appendNumber(_ number: Double) {
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// `string` quoted; runs that need no escape are copied whole.
    private mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                if Self.needsEscape(utf8[index], escapingSlashes: escapingSlashes) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    appendEscaped(utf8[index])
                    index += 1
                    start = index
                } else if escapingTerminalControls, let control = Self.terminalControl(in: utf8, at: index) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    appendUnicodeEscape(control.scalar)
                    index += control.length
                    start = index
                } else {
                    index += 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8, escapingSlashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && escapingSlashes)
    }

    /// DEL, a C1 control (U+0080–U+009F) or a bidi embedding, override or isolate (U+202A–U+202E,
    /// U+2066–U+2069) encoded at `index`, with its length in bytes.
    private static func terminalControl(in utf8: UnsafeBufferPointer<UInt8>, at index: Int)
        -> (scalar: UInt16, length: Int)? {
        let remaining = utf8.count - index
        switch utf8[index] {
        case 0x7F:
            return (0x7F, 1)
        case 0xC2 where remaining >= 2 && (0x80...0x9F).contains(utf8[index + 1]):
            return (UInt16(utf8[index + 1]), 2)
        case 0xE2 where remaining >= 3:
            let scalar = 0x2000 | UInt16(utf8[index + 1] & 0x3F) << 6 | UInt16(utf8[index + 2] & 0x3F)
            let isBidiControl = (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
            return isBidiControl && utf8[index + 1] & 0xC0 == 0x80 ? (scalar, 3) : nil
        default:
            return nil
        }
    }

    private mutating func appendUnicodeEscape(_ scalar: UInt16) {
        bytes.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int(scalar >> UInt16(shift) & 0xF)])
        }
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0..<0x20:
            appendUnicodeEscape(UInt16(byte))
        default:
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
