/// Greedy line breaking of one paragraph (no newlines) into lines of at most `width` columns.
///
/// The paragraph is cut where the Unicode line-breaking rules allow (`LineBreakOpportunities`); each piece is a
/// word and the spaces after it. Spaces at a break are dropped; a word wider than a line is split. An address
/// (`AddressIsolation`) is one word, split between graphemes when wider than a line; an isolate cut by a break
/// is closed at the end of its line and opened again on the next (`IsolatedLines`), so every line reorders
/// on its own as the whole paragraph would.
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
        let paragraph = AddressIsolation.isolated(paragraph)
        // A paragraph that fits needs no break opportunities (and no ICU); its trailing spaces go, as at a break.
        if TextWidth.of(paragraph) <= width { return [String(paragraph.dropLast(trailingSpaces(paragraph)))] }
        var breaker = self
        for piece in IsolatedLines.joiningAddresses(LineBreakOpportunities.pieces(of: paragraph)) {
            let spaces = trailingSpaces(piece)
            breaker.place(String(piece.dropLast(spaces)))
            breaker.pendingSpaces += String(repeating: " ", count: spaces)
        }
        breaker.lines.append(breaker.line)
        return IsolatedLines.balanced(breaker.lines)
    }

    private func trailingSpaces(_ text: some StringProtocol) -> Int { text.reversed().prefix { $0 == " " }.count }

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

    /// Places a word wider than a line: at the finer breaks inside it (a long Japanese phrase), else (and always
    /// for an address) between graphemes.
    private mutating func split(_ word: String) {
        let parts = word.unicodeScalars.contains(AddressIsolation.opener)
            ? [] : LineBreakOpportunities.pieces(of: word, phrases: false)
        if parts.count > 1 {
            parts.forEach { place(String($0)) }
            return
        }
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
