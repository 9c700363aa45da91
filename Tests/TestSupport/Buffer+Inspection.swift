import TerminalUI

/// Renders `widget` alone into a new buffer `width` columns wide and, unless `height` is given, as tall as it needs.
public func rendered(_ widget: any Widget, width: Int, height: Int? = nil) -> Buffer {
    var buffer = Buffer(size: Size(width: width, height: height ?? widget.height(width: width)))
    widget.render(in: buffer.bounds, buffer: &buffer)
    return buffer
}

extension Buffer {
    /// The cell where `text` first starts on screen (rows top to bottom, columns left to right), or nil.
    public func position(of text: String) -> Point? {
        for y in 0..<size.height {
            for x in 0..<size.width where !self[x, y].isContinuation {
                var shown = ""
                var column = x
                while shown.count < text.count, column < size.width {
                    shown += self[column, y].text
                    column += 1
                }
                if shown.hasPrefix(text) { return Point(x: x, y: y) }
            }
        }
        return nil
    }

    /// The roles of the `count` cells starting at `point`.
    public func roles(at point: Point, count: Int) -> [StyleRole] {
        (point.x..<min(size.width, point.x + count)).map { self[$0, point.y].role }
    }
}

extension Buffer {
    /// Cells holding half a wide character: a two-column character without its right half, or a right half
    /// without its character (a terminal shows either as garbage).
    public var splitWideCells: [Point] {
        var split: [Point] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = self[x, y]
                let isWide = !cell.isContinuation && TextWidth.of(cell.text) == 2
                if isWide, x + 1 == size.width || !self[x + 1, y].isContinuation { split.append(Point(x: x, y: y)) }
                if cell.isContinuation, x == 0 || TextWidth.of(self[x - 1, y].text) != 2 { split.append(Point(x: x, y: y)) }
            }
        }
        return split
    }
}
