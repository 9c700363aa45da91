/// Greedy line breaking of one paragraph (no newlines) into lines of at most `width` columns.
///
/// The paragraph is read as units: runs of spaces, runs of narrow non-space characters (words) and
/// single wide characters (which may break on either side, as CJK text does). Spaces at a break are dropped.
struct LineBreaker {
    let width: Int

    private var lines: [String] = []
    private var line = ""
    private var lineWidth = 0
    private var pendingSpaces = ""

    init(width: Int) {
        self.width = max(1, width)
    }

    /// The lines of `paragraph`; an empty paragraph gives one empty line.
    func lines(of paragraph: String) -> [String] {
        var breaker = self
        var word = ""
        for character in paragraph {
            if character == " " {
                breaker.place(word)
                word = ""
                breaker.pendingSpaces.append(character)
            } else if TextWidth.of(character) == 2 {
                breaker.place(word)
                word = ""
                breaker.place(String(character))
            } else {
                word.append(character)
            }
        }
        breaker.place(word)
        breaker.lines.append(breaker.line)
        return breaker.lines
    }

    /// Adds a word after any pending spaces, moving it to a new line (or splitting it) when it does not fit.
    private mutating func place(_ word: String) {
        guard !word.isEmpty else { return }
        let wordWidth = TextWidth.of(word)
        let spaces = line.isEmpty && !lines.isEmpty ? "" : pendingSpaces
        pendingSpaces = ""
        let spacesWidth = TextWidth.of(spaces)
        if lineWidth + spacesWidth + wordWidth <= width {
            line += spaces + word
            lineWidth += spacesWidth + wordWidth
            return
        }
        if lineWidth > 0 { finishLine() }
        if wordWidth <= width {
            line = word
            lineWidth = wordWidth
        } else {
            split(word)
        }
    }

    /// Places a word wider than a line, breaking it between graphemes.
    private mutating func split(_ word: String) {
        for character in word {
            let columns = TextWidth.of(character)
            if lineWidth + columns > width, lineWidth > 0 { finishLine() }
            line.append(character)
            lineWidth += columns
        }
    }

    private mutating func finishLine() {
        lines.append(line)
        line = ""
        lineWidth = 0
    }
}
