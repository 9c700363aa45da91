/// Reading `.theme` files (the format is documented at the top of `themes/default.theme`).
extension Theme {
    /// One line's settings; colours left out are taken from `normal` once the whole file is read.
    private struct Entry {
        var foreground: ThemeColor?
        var background: ThemeColor?
        var style = ThemeStyle()

        /// The style with missing colours filled in from `base`.
        func resolved(over base: ThemeStyle) -> ThemeStyle {
            var style = self.style
            style.foreground = foreground ?? base.foreground
            style.background = background ?? base.background
            return style
        }
    }

    /// Parses theme text: `# comment` lines and `role = FG [on BG] [+bold] [+underline] [+reverse] [+dim]` lines.
    ///
    /// Roles are `StyleRole` names. A role left out looks like `normal`; a colour left out is `normal`'s colour.
    public static func parse(_ text: String, name: String) throws(ThemeError) -> Theme {
        var entries: [StyleRole: Entry] = [:]
        entries.reserveCapacity(StyleRole.allCases.count)
        // Read by bytes: every delimiter of the format is ASCII (line breaks, '=', '#', spaces and tabs), and
        // splitting by characters or scalars made reading a theme cost more than drawing a frame. Lines and words
        // are slices of the bytes, taken one at a time; only a word an error names becomes a `String`.
        let bytes = Array(text.utf8)
        var lineNumber = 0
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = trimmingWhitespace(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            lineNumber += 1
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            let failure = { [lineNumber] (kind: ThemeError.Kind) in
                ThemeError(themeName: name, line: lineNumber, kind: kind)
            }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { throw failure(.badSyntax("missing '='")) }
            let roleName = Self.text(trimmingWhitespace(line[..<equals]))
            guard !roleName.isEmpty else { throw failure(.badSyntax("missing role name before '='")) }
            guard let role = StyleRole(name: roleName) else { throw failure(.unknownRole(roleName)) }
            guard entries[role] == nil else { throw failure(.duplicateRole(roleName)) }
            var words = Words(line[(equals + 1)...])
            switch entry(from: &words) {
            case .success(let entry): entries[role] = entry
            case .failure(let problem): throw failure(problem.kind)
            }
        }
        let normal = (entries[.normal] ?? Entry()).resolved(over: ThemeStyle())
        var styles: [StyleRole: ThemeStyle] = [:]
        styles.reserveCapacity(entries.count + 1)
        styles[.normal] = normal
        for (role, entry) in entries where role != .normal { styles[role] = entry.resolved(over: normal) }
        return Theme(name: name, styles: styles)
    }

    /// A parse problem without its line (added by the caller).
    private struct Problem: Error {
        let kind: ThemeError.Kind
    }

    /// The words of a line's style, one at a time: runs of bytes between spaces and tabs.
    private struct Words {
        private var rest: ArraySlice<UInt8>

        init(_ text: ArraySlice<UInt8>) {
            rest = text
        }

        /// The next word, without taking it.
        var first: ArraySlice<UInt8>? {
            guard let start = rest.firstIndex(where: { !isWhitespace($0) }) else { return nil }
            return rest[start..<(rest[start...].firstIndex(where: isWhitespace) ?? rest.endIndex)]
        }

        /// Takes the next word.
        mutating func next() -> ArraySlice<UInt8>? {
            guard let word = first else { return nil }
            rest = rest[word.endIndex...]
            return word
        }
    }

    /// Reads `FG [on BG] [+attribute…]` (`+bold+underline` also works).
    private static func entry(from words: inout Words) -> Result<Entry, Problem> {
        var entry = Entry()
        guard let first = words.first else { return .failure(Problem(kind: .badSyntax("missing style after '='"))) }
        if !isOn(first), !isAttributes(first) {
            guard let color = ThemeColor(parsing: text(first)) else {
                return .failure(Problem(kind: .unknownColor(text(first))))
            }
            entry.foreground = color
            _ = words.next()
        }
        if let word = words.first, isOn(word) {
            _ = words.next()
            guard let word = words.next(), !isAttributes(word) else {
                return .failure(Problem(kind: .badSyntax("'on' must be followed by a background colour")))
            }
            guard let color = ThemeColor(parsing: text(word)) else {
                return .failure(Problem(kind: .unknownColor(text(word))))
            }
            entry.background = color
        }
        while let word = words.next() {
            guard isAttributes(word) else {
                let detail = "unexpected '\(text(word))' (write 'FG on BG', attributes with '+')"
                return .failure(Problem(kind: .badSyntax(detail)))
            }
            for name in word.dropFirst().split(separator: UInt8(ascii: "+"), omittingEmptySubsequences: false) {
                switch text(name).lowercased() {
                case "bold": entry.style.bold = true
                case "underline": entry.style.underline = true
                case "reverse": entry.style.reverse = true
                case "dim": entry.style.dim = true
                default: return .failure(Problem(kind: .unknownAttribute("+" + text(name))))
                }
            }
        }
        return .success(entry)
    }

    /// Whether a word is the `on` before a background colour.
    private static func isOn(_ word: ArraySlice<UInt8>) -> Bool {
        word.elementsEqual("on".utf8)
    }

    /// Whether a word holds attributes (`+bold`, `+bold+dim`).
    private static func isAttributes(_ word: ArraySlice<UInt8>) -> Bool {
        word.first == UInt8(ascii: "+")
    }

    /// A word as text, for matching attribute names and for messages.
    private static func text(_ word: ArraySlice<UInt8>) -> String {
        String(decoding: word, as: UTF8.self)
    }
}

/// `bytes` without leading and trailing white space.
private func trimmingWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard let start = bytes.firstIndex(where: { !isWhitespace($0) }),
          let end = bytes.lastIndex(where: { !isWhitespace($0) }) else { return [] }
    return bytes[start...end]
}

/// Spaces, tabs and the carriage return of a CRLF line: what separates a theme's words. Other bytes, non-ASCII
/// white space included, belong to a word.
private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
}
