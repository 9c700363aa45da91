/// How much of a column taller than its area is in view: all its rows, the rows the area shows and the first of
/// them.
public struct ScrollExtent: Hashable, Sendable {
    /// Rows of the whole column.
    public let rows: Int
    /// Rows of the area.
    public let visibleRows: Int
    /// The column's row at the top of the area.
    public let firstRow: Int

    public init(rows: Int, visibleRows: Int, firstRow: Int) {
        self.rows = rows
        self.visibleRows = visibleRows
        self.firstRow = firstRow
    }

    /// Whether rows are cut off above.
    public var hidesRowsAbove: Bool { firstRow > 0 }
    /// Whether rows are cut off below.
    public var hidesRowsBelow: Bool { rows - firstRow > visibleRows }
}

/// The scroll position beside a column cut off by its area, in one column: "▲" in the top row while rows are
/// hidden above, "▼" in the bottom row while rows are hidden below, and between them a thumb ("┃") whose length
/// is the share in view and whose place is where it is. Drawn through the buffer, it changes sides right to left.
struct ScrollBar {
    let extent: ScrollExtent

    func render(x: Int, in area: Rect, buffer: inout Buffer) {
        guard extent.hidesRowsAbove || extent.hidesRowsBelow else { return }
        if extent.hidesRowsAbove { buffer.put("▲", x: x, y: area.y, role: .muted) }
        if extent.hidesRowsBelow { buffer.put("▼", x: x, y: area.maxY - 1, role: .muted) }
        for row in thumb(track: area.height - 2) { buffer.put("┃", x: x, y: area.y + 1 + row, role: .muted) }
    }

    /// The thumb's rows in a track of `track` rows between the marks: at least one, never the whole track
    /// (something is cut off), at its ends only when the column is scrolled to its ends.
    func thumb(track: Int) -> Range<Int> {
        guard track > 1 else { return 0..<0 }
        let length = min(track - 1, max(1, track * extent.visibleRows / extent.rows))
        let room = track - length
        let lastFirstRow = extent.rows - extent.visibleRows
        var start = (room * extent.firstRow + lastFirstRow / 2) / lastFirstRow
        if extent.hidesRowsAbove { start = max(1, start) }
        if extent.hidesRowsBelow { start = min(room - 1, start) }
        return start..<(start + length)
    }
}
