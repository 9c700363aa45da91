/// Display widths of text in terminal columns, measured per grapheme cluster, plus truncation and wrapping.
public enum TextWidth {
    /// Columns one grapheme cluster takes: 0 (marks, zero-width and format characters), 1 or 2 (wide, emoji).
    ///
    /// A control character counts one column per scalar, because `sanitized` shows each as one cell.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if isControl(base) { return scalars.count }
        switch base.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }) { return 2 }
        if EastAsianWidth.isConjoiningVowelOrFinal(base.value) { return 0 }
        return EastAsianWidth.isWide(base.value) ? 2 : 1
    }

    /// Columns a string takes.
    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

    /// `text` cut to at most `width` columns, ending in "…" when anything was cut; never splits a grapheme.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsis: Character = "…"
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        result.append(ellipsis)
        return result
    }

    /// `text` broken into lines of at most `width` columns.
    ///
    /// Lines break at spaces; CJK text may break between any two wide characters, and a word longer
    /// than the width is split between graphemes. Every newline starts a new line. Lines are sanitized.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { paragraph in
            LineBreaker(width: width).lines(of: sanitized(String(paragraph)))
        }
    }

    /// `text` made safe to draw: tabs become spaces, other control characters (C0, C1, DEL) become U+FFFD,
    /// and bidirectional embedding, override and isolate controls are removed.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isBidiControl(scalar) {
            if scalar == "\t" {
                scalars.append(" ")
            } else {
                scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(scalars)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
