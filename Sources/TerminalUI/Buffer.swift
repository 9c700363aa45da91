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
///
/// Widgets draw in *layout* coordinates: x counts from the leading edge, which is the right edge when
/// `direction` is right-to-left, so a whole screen mirrors without the widgets knowing. Text written with
/// `put` is put into display order (UAX #9, paragraph direction = `direction`) and shaped on the way in,
/// unless `bidi` says the terminal does that itself. Subscripts and `cursor` are physical.
public struct Buffer: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown (the focused text field), or nil to hide it.
    public var cursor: Point?
    /// Which way the layout runs; right-to-left mirrors every position widgets draw at.
    public let direction: LayoutDirection
    /// Whether text is reordered and shaped here or by the terminal.
    public let bidi: BidiMode
    /// Runs of cells that link to an address, where the terminal shows links (OSC 8).
    public var hyperlinks: [Hyperlink] = []

    /// A blank buffer of `size`; a right-to-left `direction` mirrors the layout (ignored when the terminal
    /// reorders by itself, `bidi == .terminal`).
    public init(size: Size, direction: LayoutDirection = .leftToRight, bidi: BidiMode = .application) {
        self.size = size
        self.cells = Array(repeating: Cell(), count: max(0, size.width * size.height))
        self.direction = bidi == .terminal ? .leftToRight : direction
        self.bidi = bidi
    }

    public var bounds: Rect { Rect(size) }

    /// The cell at physical (x, y). Writing one never leaves half a wide character: a lead whose right half
    /// is overwritten, or a right half whose lead is, becomes a blank of its own role.
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set {
            let index = y * size.width + x
            let old = cells[index]
            cells[index] = newValue
            if old.isContinuation, !newValue.isContinuation, x > 0 { cells[index - 1].text = " " }
            if !old.isContinuation, newValue.text != old.text, x + 1 < size.width, cells[index + 1].isContinuation {
                cells[index + 1].text = " "
            }
        }
    }

    /// The physical columns of the layout rectangle `rect` (the same rectangle, mirrored when right-to-left).
    public func physical(_ rect: Rect) -> Rect {
        guard direction == .rightToLeft else { return rect }
        return Rect(x: size.width - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }

    /// Shows the terminal cursor on the cell at layout position `point`.
    public mutating func placeCursor(at point: Point) {
        cursor = Point(x: physical(Rect(x: point.x, y: point.y, width: 1, height: 1)).x, y: point.y)
    }

    /// `text` (one line) as it is drawn: reordered and shaped in a paragraph of `paragraph` (the layout's
    /// direction when nil), or as given when the terminal reorders.
    public func displayed(_ text: String, paragraph: LayoutDirection? = nil) -> String {
        bidi == .application ? Bidi.visual(AddressIsolation.isolated(text), paragraph: paragraph ?? direction) : text
    }

    /// Writes `text` from layout position (x, y), clipped to `maxWidth` columns and the buffer edge; returns
    /// the columns used.
    ///
    /// Control characters are replaced (nothing reaches the terminal as an escape sequence). What does not fit
    /// is cut at the end of the text (a grapheme cluster is never split; the rest of the room is blanked), and
    /// only then is the line reordered for display, in a paragraph of `paragraph` (nil: the layout's direction).
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, role: StyleRole, maxWidth: Int? = nil,
                             paragraph: LayoutDirection? = nil) -> Int {
        guard y >= 0, y < size.height, x < size.width else { return 0 }
        let limit = min(size.width, x + (maxWidth ?? size.width))
        let sanitized = TextWidth.sanitized(text)
        let fitting = TextWidth.prefix(sanitized, width: limit - x)
        let isCut = fitting.utf8.count < sanitized.utf8.count
        let line = displayed(fitting, paragraph: paragraph)
        let width = TextWidth.of(line)
        writeVisual(line, x: physical(Rect(x: x, y: y, width: width, height: 1)).x, y: y, role: role)
        guard isCut else { return width }
        // A cluster is never split: blank what is left instead.
        fill(Rect(x: x + width, y: y, width: limit - x - width, height: 1), role: role)
        return limit - x
    }

    /// Writes text that is already in display order from physical column `x`, left to right, clipped to the
    /// buffer; a zero-width cell joins the cell before it.
    mutating func writeVisual(_ line: String, x: Int, y: Int, role: StyleRole) {
        guard y >= 0, y < size.height else { return }
        var column = x
        if TextWidth.isPrintableASCII(line) {
            // A cell per byte, without walking grapheme clusters.
            for byte in line.utf8 {
                if column >= 0, column < size.width {
                    self[column, y] = Cell(text: String(UnicodeScalar(byte)), role: role)
                }
                column += 1
            }
            return
        }
        for character in line {
            for cell in TextWidth.cells(of: character) {
                if cell.width == 0 {
                    // A mark joins the character before it: its lead cell, not a wide character's right half.
                    var lead = column - 1
                    if lead > x, lead < size.width, self[lead, y].isContinuation { lead -= 1 }
                    if column > x, lead >= 0, lead < size.width { cells[y * size.width + lead].text += cell.text }
                    continue
                }
                if column >= 0, column + cell.width <= size.width {
                    self[column, y] = Cell(text: cell.text, role: role)
                    if cell.width == 2 { self[column + 1, y] = Cell(text: "", role: role) }
                } else if column >= 0, column < size.width {
                    self[column, y] = Cell(text: " ", role: role)
                }
                column += cell.width
            }
        }
    }

    /// Gives `width` cells of row `y`, from `x`, explicit colours (clipped to the buffer).
    public mutating func recolor(x: Int, y: Int, width: Int, colors: CellColors?) {
        guard y >= 0, y < size.height, width > 0 else { return }
        let x = physical(Rect(x: x, y: y, width: width, height: 1)).x
        for column in max(0, x)..<min(size.width, max(x, x + width)) { self[column, y].colors = colors }
    }

    /// Fills a rectangle with blank cells of one role.
    public mutating func fill(_ rect: Rect, role: StyleRole) {
        let rect = physical(rect)
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
