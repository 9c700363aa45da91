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
    /// Roles are `StyleRole` raw values. A role left out looks like `normal`; a colour left out is `normal`'s colour.
    public static func parse(_ text: String, name: String) throws(ThemeError) -> Theme {
        var entries: [StyleRole: Entry] = [:]
        // Read by bytes: every delimiter of the format is ASCII (line breaks, '=', '#', spaces and tabs), and
        // splitting by characters or scalars made reading a theme cost more than drawing a frame.
        let bytes = Array(text.utf8)
        var lineNumber = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = trimmingWhitespace(rawLine)
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            let failure = { [lineNumber] (kind: ThemeError.Kind) in ThemeError(themeName: name, line: lineNumber, kind: kind) }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { throw failure(.badSyntax("missing '='")) }
            let roleName = String(decoding: trimmingWhitespace(line[..<equals]), as: UTF8.self)
            guard !roleName.isEmpty else { throw failure(.badSyntax("missing role name before '='")) }
            guard let role = StyleRole(rawValue: roleName) else { throw failure(.unknownRole(roleName)) }
            guard entries[role] == nil else { throw failure(.duplicateRole(roleName)) }
            let words = line[(equals + 1)...].split(whereSeparator: isWhitespace).map { String(decoding: $0, as: UTF8.self) }
            switch entry(from: words) {
            case .success(let entry): entries[role] = entry
            case .failure(let problem): throw failure(problem.kind)
            }
        }
        let normal = (entries[.normal] ?? Entry()).resolved(over: ThemeStyle())
        var styles: [StyleRole: ThemeStyle] = [.normal: normal]
        for (role, entry) in entries where role != .normal { styles[role] = entry.resolved(over: normal) }
        return Theme(name: name, styles: styles)
    }

    /// A parse problem without its line (added by the caller).
    private struct Problem: Error {
        let kind: ThemeError.Kind
    }

    /// Reads `FG [on BG] [+attribute…]` split into words (`+bold+underline` also works).
    private static func entry(from words: [String]) -> Result<Entry, Problem> {
        var entry = Entry()
        var rest = words[...]
        guard !rest.isEmpty else { return .failure(Problem(kind: .badSyntax("missing style after '='"))) }
        if let first = rest.first, first != "on", !first.hasPrefix("+") {
            guard let color = ThemeColor(parsing: first) else { return .failure(Problem(kind: .unknownColor(first))) }
            entry.foreground = color
            rest = rest.dropFirst()
        }
        if rest.first == "on" {
            rest = rest.dropFirst()
            guard let word = rest.first, !word.hasPrefix("+") else {
                return .failure(Problem(kind: .badSyntax("'on' must be followed by a background colour")))
            }
            guard let color = ThemeColor(parsing: word) else { return .failure(Problem(kind: .unknownColor(word))) }
            entry.background = color
            rest = rest.dropFirst()
        }
        for word in rest {
            guard word.hasPrefix("+") else {
                let detail = "unexpected '\(word)' (write 'FG on BG', attributes with '+')"
                return .failure(Problem(kind: .badSyntax(detail)))
            }
            for name in word.dropFirst().split(separator: "+", omittingEmptySubsequences: false) {
                switch name.lowercased() {
                case "bold": entry.style.bold = true
                case "underline": entry.style.underline = true
                case "reverse": entry.style.reverse = true
                case "dim": entry.style.dim = true
                default: return .failure(Problem(kind: .unknownAttribute("+" + name)))
                }
            }
        }
        return .success(entry)
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
