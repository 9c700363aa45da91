/// Drawing helpers that widgets share: aligned text, boxes and copying one buffer into another.
extension Buffer {
    /// Writes one line of text into `rect`'s first row, truncated with "…" to fit and aligned; returns its x.
    /// `paragraph` overrides the layout's direction for reordering the line.
    @discardableResult
    public mutating func put(_ text: String, aligned alignment: Alignment, in rect: Rect, role: StyleRole,
                             paragraph: LayoutDirection? = nil) -> Int {
        guard rect.width > 0, rect.height > 0 else { return rect.x }
        let line = TextWidth.truncate(TextWidth.sanitized(text), to: rect.width)
        let width = TextWidth.of(displayed(line, paragraph: paragraph))
        // Centred lines keep the same columns in both directions (odd leftovers go right), so art stays whole.
        let x = rect.x + (alignment == .center && direction == .rightToLeft
            ? (rect.width - width + 1) / 2 : alignment.offset(contentWidth: width, in: rect.width))
        put(line, x: x, y: rect.y, role: role, maxWidth: rect.maxX - x, paragraph: paragraph)
        return x
    }

    /// Draws a single-line box (┌─┐│└┘) along the edges of `rect`, leaving the inside untouched.
    public mutating func drawBox(_ rect: Rect, role: StyleRole) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let rect = physical(rect)
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        for x in rect.x + 1..<right {
            setIfVisible(x, rect.y, Cell(text: "─", role: role))
            setIfVisible(x, bottom, Cell(text: "─", role: role))
        }
        for y in rect.y + 1..<bottom {
            setIfVisible(rect.x, y, Cell(text: "│", role: role))
            setIfVisible(right, y, Cell(text: "│", role: role))
        }
        setIfVisible(rect.x, rect.y, Cell(text: "┌", role: role))
        setIfVisible(right, rect.y, Cell(text: "┐", role: role))
        setIfVisible(rect.x, bottom, Cell(text: "└", role: role))
        setIfVisible(right, bottom, Cell(text: "┘", role: role))
    }

    /// Copies `source` so its top-left layout cell lands on `origin`, keeping only cells inside `clip`
    /// (both in layout coordinates; `source` should have the same direction).
    ///
    /// The source's cursor moves along when it lands inside `clip`. A wide character cut in half by
    /// the clip edge becomes a space.
    public mutating func draw(_ source: Buffer, at layoutOrigin: Point, clippedTo clip: Rect) {
        let origin = Point(x: physical(Rect(x: layoutOrigin.x, y: 0, width: source.size.width, height: 1)).x,
                           y: layoutOrigin.y)
        let visible = physical(clip).clipped(to: bounds)
        for sourceY in 0..<source.size.height {
            let y = origin.y + sourceY
            guard y >= visible.y, y < visible.maxY else { continue }
            for sourceX in 0..<source.size.width {
                let x = origin.x + sourceX
                guard x >= visible.x, x < visible.maxX else { continue }
                var cell = source[sourceX, sourceY]
                let cutOnLeft = cell.isContinuation && x == visible.x
                let cutOnRight = TextWidth.of(cell.text) == 2 && x + 1 >= visible.maxX
                if cutOnLeft || cutOnRight { cell.text = " " }
                self[x, y] = cell
            }
        }
        if let cursor = source.cursor {
            let moved = Point(x: origin.x + cursor.x, y: origin.y + cursor.y)
            if visible.containsCell(moved) { self.cursor = moved }
        }
        for link in source.hyperlinks {
            let moved = Point(x: origin.x + link.origin.x, y: origin.y + link.origin.y)
            if visible.containsCell(moved), visible.containsCell(Point(x: moved.x + link.width - 1, y: moved.y)) {
                self.link(link.text, at: moved, to: link.target)
            }
        }
    }

    private mutating func setIfVisible(_ x: Int, _ y: Int, _ cell: Cell) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        self[x, y] = cell
    }
}
