/// Display widths of text in terminal columns, measured per grapheme cluster, plus truncation and wrapping.
public enum TextWidth {
    /// Columns one grapheme cluster takes, as a terminal (wcwidth) counts them.
    ///
    /// Emoji sequences take 2. Otherwise each scalar counts on its own: marks, zero-width and format
    /// characters 0, East Asian Wide and Fullwidth 2, everything else 1, so a Devanagari vowel sign such as
    /// "ा" (a spacing mark) adds a column, as it does on screen. A control character counts one column
    /// per scalar, because `sanitized` shows each as one cell.
    public static func of(_ character: Character) -> Int {
        // The sum of `cells(of:)`'s widths, without making the cells.
        if isPrintableASCII(character) { return 1 }
        if isEmoji(character) { return 2 }
        return character.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The terminal cells a grapheme cluster occupies: each spacing scalar with the zero-width scalars that
    /// follow it, or the whole cluster as one 2-column cell for an emoji.
    public static func cells(of character: Character) -> [(text: String, width: Int)] {
        if isPrintableASCII(character) { return [(String(character), 1)] }
        if isEmoji(character) { return [(String(character), 2)] }
        var cells: [(text: String, width: Int)] = []
        for scalar in character.unicodeScalars {
            let width = self.width(of: scalar)
            if width == 0, !cells.isEmpty {
                cells[cells.count - 1].text.unicodeScalars.append(scalar)
            } else {
                cells.append((String(scalar), width))
            }
        }
        return cells
    }

    /// The first scalar with emoji presentation (⌚): a lone scalar before it is never an emoji, which spares a
    /// property look-up per character of most text (box drawing, Latin, Cyrillic, Arabic…).
    static let firstEmojiPresentation: UInt32 = 0x231A

    /// Whether a cluster is drawn as one 2-column emoji: it has a scalar with emoji presentation, or a visible
    /// base followed by the emoji variation selector; never when it starts with a control character.
    private static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let base = scalars.first, !isControl(base) else { return false }
        if base.value < firstEmojiPresentation, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            return false
        }
        return scalars.contains { $0.properties.isEmojiPresentation }
            || (width(of: base) > 0 && scalars.contains { $0.value == 0xFE0F })
    }

    /// Columns of one scalar outside an emoji sequence. (Variation selectors are nonspacing marks: zero.)
    private static func width(of scalar: Unicode.Scalar) -> Int {
        if isControl(scalar) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if EastAsianWidth.isConjoiningVowelOrFinal(scalar.value) { return 0 }
        return EastAsianWidth.isWide(scalar.value) ? 2 : 1
    }

    /// Columns a string takes.
    public static func of(_ text: String) -> Int {
        isPrintableASCII(text) ? text.utf8.count : text.reduce(0) { $0 + of($1) }
    }

    /// A space, letter, digit or ASCII punctuation: one column, nothing to look up.
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) }

    /// Whether `text` is spaces, letters, digits and ASCII punctuation only: a column per byte, one cluster each.
    static func isPrintableASCII(_ text: String) -> Bool {
        // Through the contiguous UTF-8 of a native string when there is one: a plain loop over bytes.
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintableASCII) }
            ?? text.utf8.allSatisfy(isPrintableASCII)
    }

    private static func isPrintableASCII(_ character: Character) -> Bool {
        character.utf8.count == 1 && character.utf8.allSatisfy(isPrintableASCII)
    }

    /// `text` cut to at most `width` columns, ending in "…" when anything was cut (`Truncation`): after the last
    /// whole word when that keeps half the room, else between graphemes.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        return Truncation.cut(text, room: width - 1) + "…"
    }

    /// The longest start of `text` that fits in `width` columns; never splits a grapheme.
    public static func prefix(_ text: String, width: Int) -> String {
        if isPrintableASCII(text) {
            return text.utf8.count <= width ? text : String(decoding: text.utf8.prefix(max(0, width)), as: UTF8.self)
        }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return result
    }

    /// `text` cut to at most `width` columns by replacing its middle with "…", so both ends stay readable.
    public static func truncateMiddle(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let head = prefix(text, width: (width - 1) / 2 + (width - 1) % 2)
        let tail = String(prefix(String(text.reversed()), width: (width - 1) / 2).reversed())
        return head + "…" + tail
    }

    /// `text` broken into lines of at most `width` columns.
    ///
    /// Lines break at spaces; CJK text may break between any two wide characters, and a word longer
    /// than the width is split between graphemes. Every newline starts a new line. Lines are sanitized.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        // Printable ASCII holds no line break: no need to walk its grapheme clusters looking for one.
        let paragraphs = isPrintableASCII(text)
            ? [Substring(text)] : text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return paragraphs.flatMap { paragraph in
            LineBreaker(width: width).lines(of: sanitized(String(paragraph)))
        }
    }

    /// `text` made safe to draw: tabs become spaces, other control characters (C0, C1, DEL) become U+FFFD,
    /// and bidirectional embedding and override controls are removed. Isolates (U+2066–U+2069) stay for the
    /// reordering step, which honours and then drops them; they cannot reach beyond the text they enclose.
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
        (0x202A...0x202E).contains(scalar.value)
    }
}
