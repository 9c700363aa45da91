/// A cursor over the scalars of a `.strings` file that reads its entries, one token at a time.
struct StringsReader {
    private let scalars: [Unicode.Scalar]
    private let path: String
    private var offset = 0

    init(scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars
        self.path = path
    }

    /// Every `key = value;` entry up to the end of the text; a repeated key keeps its last value.
    mutating func readEntries() throws(StringsParseError) -> [String: String] {
        var entries: [String: String] = [:]
        while true {
            try skipTrivia()
            guard offset < scalars.count else { return entries }
            let key = try readToken(named: "key")
            let keyEnd = offset
            try skipTrivia()
            guard current == "=" else { throw error(at: keyEnd, "expected '=' after the key") }
            offset += 1
            try skipTrivia()
            let value = try readToken(named: "value")
            let valueEnd = offset
            try skipTrivia()
            guard current == ";" else { throw error(at: valueEnd, "expected ';' after the value") }
            offset += 1
            entries[key] = value
        }
    }

    private var current: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    private func lookahead(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func error(at index: Int, _ message: String) -> StringsParseError {
        StringsParseError(path: path, scalars: scalars, offset: index, message: message)
    }

    // MARK: Whitespace and comments

    private mutating func skipTrivia() throws(StringsParseError) {
        while let scalar = current {
            if scalar.properties.isWhitespace {
                offset += 1
            } else if scalar == "/", lookahead(offset + 1) == "*" {
                try skipBlockComment()
            } else if scalar == "/", lookahead(offset + 1) == "/" {
                while let next = current, next != "\n", next != "\r" { offset += 1 }
            } else {
                return
            }
        }
    }

    private mutating func skipBlockComment() throws(StringsParseError) {
        let start = offset
        offset += 2
        while offset < scalars.count {
            if scalars[offset] == "*", lookahead(offset + 1) == "/" {
                offset += 2
                return
            }
            offset += 1
        }
        throw error(at: start, "unterminated comment")
    }

    // MARK: Tokens

    private mutating func readToken(named role: String) throws(StringsParseError) -> String {
        guard let scalar = current else { throw error(at: offset, "expected a \(role), found the end of the file") }
        if scalar == "\"" { return try readQuoted() }
        guard Self.isUnquoted(scalar) else { throw error(at: offset, "expected a \(role), found '\(scalar)'") }
        var token = String.UnicodeScalarView()
        while let next = current, Self.isUnquoted(next) {
            token.append(next)
            offset += 1
        }
        return String(token)
    }

    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", ".", "-": return true
        default: return false
        }
    }

    private mutating func readQuoted() throws(StringsParseError) -> String {
        let start = offset
        offset += 1
        var text = String.UnicodeScalarView()
        while let scalar = current {
            if scalar == "\"" {
                offset += 1
                return String(text)
            }
            if scalar == "\\" {
                text.append(try readEscape(inStringAt: start))
            } else {
                text.append(scalar)
                offset += 1
            }
        }
        throw error(at: start, "unterminated string")
    }

    // MARK: Escapes

    /// Reads the escape sequence starting at the backslash under the cursor.
    private mutating func readEscape(inStringAt stringStart: Int) throws(StringsParseError) -> Unicode.Scalar {
        let start = offset
        guard let letter = lookahead(offset + 1) else { throw error(at: stringStart, "unterminated string") }
        offset += 2
        switch letter {
        case "\"", "\\", "'": return letter
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "0"..."7": return readOctal(startingWith: letter)
        case "U", "u": return try readUnicodeEscape(at: start)
        default: throw error(at: start, "invalid escape sequence '\\\(letter)'")
        }
    }

    /// Up to three octal digits, the first already consumed; the value is taken as a code point.
    private mutating func readOctal(startingWith first: Unicode.Scalar) -> Unicode.Scalar {
        var value = first.value - 0x30
        for _ in 0..<2 {
            guard let digit = current, ("0"..."7").contains(digit), value < 0o40 else { break }
            value = value * 8 + digit.value - 0x30
            offset += 1
        }
        return Unicode.Scalar(UInt8(value))
    }

    /// `\UXXXX` (cursor after the `U`); a high surrogate must be followed by a `\UXXXX` low surrogate.
    private mutating func readUnicodeEscape(at start: Int) throws(StringsParseError) -> Unicode.Scalar {
        let unit = try readHexQuad(escapeAt: start)
        if let scalar = Unicode.Scalar(unit) { return scalar }
        let isHigh = (0xD800...0xDBFF).contains(unit)
        let lowStart = offset
        guard isHigh, current == "\\", let letter = lookahead(offset + 1), letter == "U" || letter == "u" else {
            throw error(at: start, "unpaired UTF-16 surrogate in '\\U' escape")
        }
        offset += 2
        let low = try readHexQuad(escapeAt: lowStart)
        guard (0xDC00...0xDFFF).contains(low),
              let scalar = Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)) else {
            throw error(at: start, "unpaired UTF-16 surrogate in '\\U' escape")
        }
        return scalar
    }

    private mutating func readHexQuad(escapeAt start: Int) throws(StringsParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current, let nibble = Self.hexValue(digit) else {
                throw error(at: start, "expected 4 hex digits after '\\U'")
            }
            value = value << 4 | nibble
            offset += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }
}
