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
        // Lines are found by their bytes: splitting by characters costs a grapheme break test per character.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (offset, rawLine) in lines.enumerated() {
            let line = Substring(rawLine).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let failure = { (kind: ThemeError.Kind) in ThemeError(themeName: name, line: offset + 1, kind: kind) }
            guard let equals = line.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                throw failure(.badSyntax("missing '='"))
            }
            let roleName = line[..<equals].trimmingWhitespace()
            guard !roleName.isEmpty else { throw failure(.badSyntax("missing role name before '='")) }
            guard let role = StyleRole(rawValue: roleName) else { throw failure(.unknownRole(roleName)) }
            guard entries[role] == nil else { throw failure(.duplicateRole(roleName)) }
            let words = line[line.index(after: equals)...].unicodeScalars.split(whereSeparator: isWhitespace)
                .map(String.init)
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

extension Substring {
    /// The text without leading and trailing white space (spaces, tabs, carriage returns), compared scalar by
    /// scalar: cheaper than by character, and a theme's words never start or end with a combining mark.
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isWhitespace($0) }),
              let end = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(scalars[start...end])
    }
}

/// ASCII white space (space, tab, line breaks) without a look-up in the Unicode tables; others by property.
private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
}
