import StringsFormat

/// A cursor over the scalars of a JSON text (RFC 8259) that reads one value and reports errors by position.
///
/// Foundation's parser only says "around character N"; this one names the line and column, which is what a
/// translator editing a `.xcstrings` file by hand needs.
package struct JSONReader {
    private let scalars: [Unicode.Scalar]
    private let path: String
    private var offset = 0
    private var depth = 0
    private static let maximumDepth = 256

    package init(scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars
        self.path = path
    }

    /// The single value the text holds; anything but whitespace after it is an error.
    package mutating func readDocument() throws(StringsParseError) -> JSONNode {
        skipWhitespace()
        let root = try readValue()
        skipWhitespace()
        guard offset == scalars.count else { throw error(at: offset, "unexpected text after the JSON value") }
        return root
    }

    /// An error located at `index`.
    func error(at index: Int, _ message: String) -> StringsParseError {
        StringsParseError(path: path, scalars: scalars, offset: index, message: message)
    }

    private var current: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    private mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            offset += 1
        }
    }

    private mutating func readValue() throws(StringsParseError) -> JSONNode {
        let start = offset
        guard let scalar = current else { throw error(at: offset, "expected a JSON value, found the end of the file") }
        switch scalar {
        case "{": return JSONNode(value: .object(try nested { (reader) throws(StringsParseError) in
            try reader.readMembers()
        }), offset: start)
        case "[": return JSONNode(value: .array(try nested { (reader) throws(StringsParseError) in
            try reader.readElements()
        }), offset: start)
        case "\"": return JSONNode(value: .string(try readString()), offset: start)
        case "-", "0"..."9": return JSONNode(value: .number(try readNumber()), offset: start)
        case "t": try readLiteral("true"); return JSONNode(value: .bool(true), offset: start)
        case "f": try readLiteral("false"); return JSONNode(value: .bool(false), offset: start)
        case "n": try readLiteral("null"); return JSONNode(value: .null, offset: start)
        default: throw error(at: offset, "expected a JSON value, found '\(scalar)'")
        }
    }

    /// Runs `body` one nesting level deeper, refusing absurd depths instead of exhausting the stack.
    private mutating func nested<T>(
        _ body: (inout JSONReader) throws(StringsParseError) -> T
    ) throws(StringsParseError) -> T {
        guard depth < Self.maximumDepth else { throw error(at: offset, "JSON nested too deeply") }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func readMembers() throws(StringsParseError) -> [JSONNode.Member] {
        offset += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == "}" {
            offset += 1
            return members
        }
        while true {
            skipWhitespace()
            guard current == "\"" else { throw error(at: offset, "expected a member name in quotes") }
            let name = try readString()
            skipWhitespace()
            guard current == ":" else { throw error(at: offset, "expected ':' after the member name") }
            offset += 1
            skipWhitespace()
            members.append(JSONNode.Member(name: name, value: try readValue()))
            skipWhitespace()
            switch current {
            case ",": offset += 1
            case "}": offset += 1; return members
            default: throw error(at: offset, "expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func readElements() throws(StringsParseError) -> [JSONNode] {
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == "]" {
            offset += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            switch current {
            case ",": offset += 1
            case "]": offset += 1; return elements
            default: throw error(at: offset, "expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func readLiteral(_ word: String) throws(StringsParseError) {
        let start = offset
        for expected in word.unicodeScalars {
            guard current == expected else { throw error(at: start, "expected a JSON value") }
            offset += 1
        }
    }

    private mutating func readNumber() throws(StringsParseError) -> String {
        let start = offset
        if current == "-" { offset += 1 }
        guard readDigits() > 0 else { throw error(at: start, "malformed number") }
        if current == "." {
            offset += 1
            guard readDigits() > 0 else { throw error(at: start, "malformed number") }
        }
        if current == "e" || current == "E" {
            offset += 1
            if current == "+" || current == "-" { offset += 1 }
            guard readDigits() > 0 else { throw error(at: start, "malformed number") }
        }
        return String(String.UnicodeScalarView(scalars[start..<offset]))
    }

    private mutating func readDigits() -> Int {
        var count = 0
        while let scalar = current, ("0"..."9").contains(scalar) {
            offset += 1
            count += 1
        }
        return count
    }

    private mutating func readString() throws(StringsParseError) -> String {
        let start = offset
        offset += 1
        var text = String.UnicodeScalarView()
        while let scalar = current {
            switch scalar {
            case "\"":
                offset += 1
                return String(text)
            case "\\":
                text.append(try readEscape())
            case "\u{0}"..."\u{1F}":
                throw error(at: offset, "control character in a string; write it as an escape such as \\n")
            default:
                text.append(scalar)
                offset += 1
            }
        }
        throw error(at: start, "unterminated string")
    }

    private mutating func readEscape() throws(StringsParseError) -> Unicode.Scalar {
        let start = offset
        guard offset + 1 < scalars.count else { throw error(at: start, "unterminated string") }
        let letter = scalars[offset + 1]
        offset += 2
        switch letter {
        case "\"", "\\", "/": return letter
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u": return try readUnicodeEscape(at: start)
        default: throw error(at: start, "invalid escape sequence '\\\(letter)'")
        }
    }

    /// `\uXXXX` (cursor after the `u`); a high surrogate must be followed by a `\uXXXX` low surrogate.
    private mutating func readUnicodeEscape(at start: Int) throws(StringsParseError) -> Unicode.Scalar {
        let unit = try readHexQuad(escapeAt: start)
        if let scalar = Unicode.Scalar(unit) { return scalar }
        guard (0xD800...0xDBFF).contains(unit), current == "\\", offset + 1 < scalars.count,
              scalars[offset + 1] == "u" else {
            throw error(at: start, "unpaired UTF-16 surrogate in '\\u' escape")
        }
        let lowStart = offset
        offset += 2
        let low = try readHexQuad(escapeAt: lowStart)
        guard (0xDC00...0xDFFF).contains(low),
              let scalar = Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)) else {
            throw error(at: start, "unpaired UTF-16 surrogate in '\\u' escape")
        }
        return scalar
    }

    private mutating func readHexQuad(escapeAt start: Int) throws(StringsParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current, digit.properties.isASCIIHexDigit,
                  let nibble = UInt32(String(digit), radix: 16) else {
                throw error(at: start, "expected 4 hex digits after '\\u'")
            }
            value = value << 4 | nibble
            offset += 1
        }
        return value
    }
}
