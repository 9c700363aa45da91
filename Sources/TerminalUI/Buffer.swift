/// Colours that override a role's theme colours for one cell (a custom provider's brand colours).
public struct CellColors: Hashable, Sendable {
    public var foreground: ThemeColor
    public var background: ThemeColor

    public init(foreground: ThemeColor, background: ThemeColor) {
        self.foreground = foreground
        self.background = background
    }
}

/// One terminal cell: a grapheme cluster and its role. A wide character's second cell is a continuation.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String
    public var role: StyleRole
    /// Colours replacing the role's, or nil for the theme's.
    public var colors: CellColors?

    public init(text: String = " ", role: StyleRole = .normal, colors: CellColors? = nil) {
        self.text = text
        self.role = role
        self.colors = colors
    }

    /// True for the right half of a two-column character.
    public var isContinuation: Bool { text.isEmpty }
}

/// An in-memory grid of cells that screens render into; backends draw it or keep it for tests.
public struct Buffer: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (the focused text field), or nil to hide it.
    public var cursor: Point?

    public init(size: Size) {
        self.size = size
        self.cells = Array(repeating: Cell(), count: max(0, size.width * size.height))
    }

    public var bounds: Rect { Rect(size) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Writes `text` from (x, y), clipped to `maxWidth` columns and the buffer edge; returns the columns used.
    ///
    /// Control characters are replaced (nothing reaches the terminal as an escape sequence), and a wide
    /// character that would straddle the clip edge is replaced by a space.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < size.height, x < size.width else { return 0 }
        let limit = min(size.width, x + (maxWidth ?? size.width))
        var column = x
        for character in TextWidth.sanitized(text) {
            let cells = TextWidth.cells(of: character)
            let width = cells.reduce(0) { $0 + $1.width }
            if width == 0 {
                if column > x, column - 1 >= 0 { self[column - 1, y].text.append(character) }
                continue
            }
            if column + width > limit {
                // A cluster is never split: blank what is left instead.
                while column < limit {
                    if column >= 0 { self[column, y] = Cell(text: " ", role: role) }
                    column += 1
                }
                break
            }
            for cell in cells {
                if column >= 0 {
                    if cell.width == 0 {
                        if column > 0 { self[column - 1, y].text += cell.text }
                        continue
                    }
                    self[column, y] = Cell(text: cell.text, role: role)
                    if cell.width == 2 { self[column + 1, y] = Cell(text: "", role: role) }
                }
                column += cell.width
            }
        }
        return column - x
    }

    /// Gives `width` cells of row `y`, from `x`, explicit colours (clipped to the buffer).
    public mutating func recolor(x: Int, y: Int, width: Int, colors: CellColors?) {
        guard y >= 0, y < size.height else { return }
        for column in max(0, x)..<min(size.width, max(x, x + width)) { self[column, y].colors = colors }
    }

    /// Fills a rectangle with blank cells of one role.
    public mutating func fill(_ rect: Rect, role: StyleRole) {
        for y in max(0, rect.y)..<min(size.height, rect.maxY) {
            for x in max(0, rect.x)..<min(size.width, rect.maxX) { self[x, y] = Cell(text: " ", role: role) }
        }
    }

    /// The grid as text, one string per row with trailing blanks trimmed (for golden files).
    public func textLines() -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width { line += self[x, y].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
