import Glibc

/// A cursor over the UTF-8 text of a `.strings` file that reads its entries, one token at a time.
///
/// Tokens are found byte by byte (every delimiter is ASCII) and copied out in runs, so a table parses without
/// per-character work.
package struct StringsReader {
    private let bytes: [UInt8]
    private let path: String
    private var offset = 0

    /// A reader of `bytes` from `offset` on; `path` only names the file in errors.
    package init(utf8 bytes: [UInt8], path: String, offset: Int = 0) {
        self.bytes = bytes
        self.path = path
        self.offset = offset
    }

    /// Where a token is: the offset it starts at, and the bytes of its text when it has no escape (between the
    /// quotes of a quoted token).
    package struct Token: Sendable {
        package let offset: Int
        /// Nil when escapes make the text differ from the bytes.
        package let literal: Range<Int>?
    }

    /// Every `key = value;` entry up to the end of the text; a repeated key keeps its last value, and each
    /// repetition is added to `repeated`, located at its key.
    package mutating func readEntries(repeated: inout [StringsParseError]) throws(StringsParseError)
        -> [String: String] {
        // An entry takes 60 bytes or more in practice: room for them all at once, without rehashing.
        var entries = [String: String](minimumCapacity: bytes.count / 60)
        var repetitions: [(key: String, offset: Int)] = []
        let text = self  // the same bytes, to read tokens out of while this reader moves on
        try readTokens { (key, value) throws(StringsParseError) in
            let name = try text.text(of: key)
            if entries.updateValue(try text.text(of: value), forKey: name) != nil {
                repetitions.append((name, key.offset))
            }
        }
        repeated += repetitions.map { error(at: $0.offset, "duplicate key \"\($0.key)\"; the last value is used") }
        return entries
    }

    /// Every syntax error in the text: after each, reading starts again on the line after the one it is on.
    package mutating func syntaxErrors() -> [StringsParseError] {
        var errors: [StringsParseError] = []
        while true {
            do throws(StringsParseError) {
                try readTokens { _, _ in }
                return errors
            } catch {
                errors.append(error)
                guard let next = start(ofLine: error.line + 1) else { return errors }
                offset = next
            }
        }
    }

    /// The offset where 1-based line `line` starts (after LF, CR LF or a lone CR), or nil past the end.
    private func start(ofLine line: Int) -> Int? {
        var current = 1
        var index = 0
        while current < line {
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\n") || (bytes[index] == UInt8(ascii: "\r")
                && lookahead(index + 1) != UInt8(ascii: "\n")) {
                current += 1
            }
            index += 1
        }
        return index < bytes.count ? index : nil
    }

    /// Reads every entry up to the end of the text, checking all of it, and passes where its key and value are.
    package mutating func readTokens(_ entry: (Token, Token) throws(StringsParseError) -> Void)
        throws(StringsParseError) {
        while true {
            try skipTrivia()
            guard offset < bytes.count else { return }
            let key = try readToken(named: "key")
            let keyEnd = offset
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw error(at: keyEnd, "expected '=' after the key") }
            offset += 1
            try skipTrivia()
            let value = try readToken(named: "value")
            let valueEnd = offset
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw error(at: valueEnd, "expected ';' after the value") }
            offset += 1
            try entry(key, value)
        }
    }

    /// The text of `token`, found in this reader's text: its bytes as they are, or read again with its escapes
    /// decoded.
    package func text(of token: Token) throws(StringsParseError) -> String {
        if let literal = token.literal { return text(literal) }
        var reader = StringsReader(utf8: bytes, path: path, offset: token.offset)
        var decoded: [UInt8]? = []
        _ = try reader.readQuoted(decodingInto: &decoded)
        return String(decoding: decoded ?? [], as: UTF8.self)
    }

    /// Whether `token`'s text is `key` (given as UTF-8); a token with escapes is decoded first.
    package func token(_ token: Token, hasText key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let literal = token.literal else { return (try? text(of: token))?.utf8.elementsEqual(key) ?? false }
        guard literal.count == key.count else { return false }
        return bytes.withUnsafeBufferPointer { text in
            key.isEmpty || memcmp(text.baseAddress! + literal.lowerBound, key.baseAddress!, key.count) == 0
        }
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func lookahead(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The scalar that starts at byte `index`, with its length in bytes.
    private func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return ("\u{FFFD}", 1) }
        return (scalar, UTF8.width(scalar))
    }

    private func error(at index: Int, _ message: String) -> StringsParseError {
        StringsParseError(path: path, utf8: bytes, offset: index, message: message)
    }

    // MARK: Whitespace and comments

    private mutating func skipTrivia() throws(StringsParseError) {
        while let byte = current {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                offset += 1
            } else if byte >= 0x80, case let (found, length) = scalar(at: offset), found.properties.isWhitespace {
                offset += length
            } else if byte == UInt8(ascii: "/"), lookahead(offset + 1) == UInt8(ascii: "*") {
                try skipBlockComment()
            } else if byte == UInt8(ascii: "/"), lookahead(offset + 1) == UInt8(ascii: "/") {
                offset = scan(from: offset) { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            } else {
                return
            }
        }
    }

    private mutating func skipBlockComment() throws(StringsParseError) {
        let start = offset
        offset += 2
        while true {
            offset = scan(from: offset) { $0 != UInt8(ascii: "*") }
            guard offset < bytes.count else { break }
            offset += 1
            if current == UInt8(ascii: "/") {
                offset += 1
                return
            }
        }
        throw error(at: start, "unterminated comment")
    }

    /// The index of the first byte from `index` on that `predicate` rejects, or the end. The text is scanned
    /// through a buffer pointer: indexing the array checks each index and retains it.
    private func scan(from index: Int, while predicate: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = index
            while index < buffer.count, predicate(buffer[index]) { index += 1 }
            return index
        }
    }

    /// The index of the first quote or backslash from `index` on, or the end: `memchr` finds the closing quote,
    /// then any escape before it (few strings have one).
    private func endOfRun(from index: Int) -> Int {
        bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) -> Int in
            guard let base = buffer.baseAddress, index < buffer.count else { return buffer.count }
            func find(_ byte: UInt8, before end: Int) -> Int? {
                guard let found = memchr(base + index, Int32(byte), end - index) else { return nil }
                return UnsafeRawPointer(found) - UnsafeRawPointer(base)
            }
            let end = find(UInt8(ascii: "\""), before: buffer.count) ?? buffer.count
            return find(UInt8(ascii: "\\"), before: end) ?? end
        }
    }

    /// The text of the bytes in `range`.
    private func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    // MARK: Tokens

    /// Reads past the token at the cursor and tells where it is.
    private mutating func readToken(named role: String) throws(StringsParseError) -> Token {
        guard let byte = current else { throw error(at: offset, "expected a \(role), found the end of the file") }
        if byte == UInt8(ascii: "\"") {
            var notDecoded: [UInt8]?
            return try readQuoted(decodingInto: &notDecoded)
        }
        guard Self.isUnquoted(byte) else {
            throw error(at: offset, "expected a \(role), found '\(scalar(at: offset).scalar)'")
        }
        let start = offset
        offset = scan(from: offset, while: Self.isUnquoted)
        return Token(offset: start, literal: start..<offset)
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Reads past a quoted string, checking its escapes; when `decoded` is not nil, its text is appended there
    /// (runs between escapes copied as they are).
    private mutating func readQuoted(decodingInto decoded: inout [UInt8]?) throws(StringsParseError) -> Token {
        let start = offset
        offset += 1
        var run = offset
        var hasEscape = false
        while true {
            offset = endOfRun(from: offset)
            guard let byte = current else { break }
            let runEnd = offset
            decoded?.append(contentsOf: bytes[run..<runEnd])
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return Token(offset: start, literal: hasEscape ? nil : start + 1..<runEnd)
            }
            let escaped = try readEscape(inStringAt: start)
            hasEscape = true
            if decoded != nil { UTF8.encode(escaped) { decoded?.append($0) } }
            run = offset
        }
        throw error(at: start, "unterminated string")
    }

    // MARK: Escapes

    /// Reads the escape sequence starting at the backslash under the cursor.
    private mutating func readEscape(inStringAt stringStart: Int) throws(StringsParseError) -> Unicode.Scalar {
        let start = offset
        guard lookahead(offset + 1) != nil else { throw error(at: stringStart, "unterminated string") }
        let letter = scalar(at: offset + 1).scalar
        offset += 1 + UTF8.width(letter)
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
            guard let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit), value < 0o40 else {
                break
            }
            value = value * 8 + UInt32(digit) - 0x30
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
        guard isHigh, current == UInt8(ascii: "\\"), let letter = lookahead(offset + 1),
              letter == UInt8(ascii: "U") || letter == UInt8(ascii: "u") else {
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

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte) - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte) - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte) - 0x41 + 10
        default: return nil
        }
    }
}
