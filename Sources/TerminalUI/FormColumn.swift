/// A vertical stack of widgets in a column centred in its area, scrolled to keep the focused widget visible, or to
/// the row the person scrolled to.
///
/// The column is min(maxWidth, area width − 2) wide, so there is at least one free column on the right
/// for the scroll bar (`ScrollBar`) that tells content is cut off above or below, and where the view is. When
/// everything fits, the stack is centred vertically too.
public struct FormColumn: Widget {
    /// Widest the column gets.
    public var maxWidth: Int
    /// Blank rows between two widgets.
    public var spacing: Int
    /// Whether the scroll bar tells that content is cut off (off while a layer covers the column).
    public var showsScrollMarks = true
    /// The row the person scrolled to the top; nil keeps the focused widget in view.
    public var firstRow: Int?
    private var entries: [Entry] = []

    private struct Entry: Sendable {
        let widget: any Widget
        let isFocused: Bool
    }

    /// An empty column at most `maxWidth` wide with `spacing` blank rows between widgets.
    public init(maxWidth: Int, spacing: Int = 1) {
        self.maxWidth = maxWidth
        self.spacing = max(0, spacing)
    }

    /// Appends a widget; the first one added with `focused: true` is kept in view when scrolling.
    public mutating func add(_ widget: any Widget, focused: Bool = false) {
        entries.append(Entry(widget: widget, isFocused: focused))
    }

    /// The widgets, top to bottom.
    public var widgets: [any Widget] { entries.map(\.widget) }

    /// The column's width inside an area `width` columns wide.
    public func columnWidth(in width: Int) -> Int {
        max(0, min(maxWidth, width - 2))
    }

    /// Rows of all widgets and the spacing between them.
    public func height(width: Int) -> Int {
        stack(columnWidth: columnWidth(in: width)).minimum
    }

    /// Draws the widgets that are (even partly) visible; widgets cut by the area's edge are clipped.
    public func render(in area: Rect, buffer: inout Buffer) {
        let width = columnWidth(in: area.width)
        guard width > 0, area.height > 0 else { return }
        let stack = stack(columnWidth: width)
        let total = stack.minimum
        // The whole stack, centred in the area when it fits, else scrolled.
        var column = area.centered(width: width, height: total)
        column.height = total
        let offset = scrollOffset(stack, columnWidth: width, height: area.height)
        if total > area.height { column.y = area.y - offset }
        for (entry, rect) in zip(entries, stack.split(column)) {
            let height = rect.height
            if rect.y >= area.y, rect.maxY <= area.maxY {
                entry.widget.render(in: rect, buffer: &buffer)
            } else if rect.maxY > area.y, rect.y < area.maxY {
                var offscreen = Buffer(size: Size(width: width, height: height), direction: buffer.direction,
                                       bidi: buffer.bidi)
                entry.widget.render(in: Rect(offscreen.size), buffer: &offscreen)
                buffer.draw(offscreen, at: Point(x: rect.x, y: rect.y), clippedTo: area)
            }
        }
        guard showsScrollMarks else { return }
        ScrollBar(extent: ScrollExtent(rows: total, visibleRows: area.height, firstRow: offset))
            .render(x: column.maxX, in: area, buffer: &buffer)
    }

    /// How much of the column `area` shows, as `render` scrolls it.
    public func extent(in area: Rect) -> ScrollExtent {
        let width = columnWidth(in: area.width)
        let stack = stack(columnWidth: width)
        return ScrollExtent(rows: stack.minimum, visibleRows: area.height,
                            firstRow: scrollOffset(stack, columnWidth: width, height: area.height))
    }

    /// The widgets one above the other, each as tall as it needs at `columnWidth`, `spacing` rows apart.
    private func stack(columnWidth: Int) -> Layout {
        Layout(.vertical, entries.map { .cells($0.widget.height(width: columnWidth)) }, spacing: spacing)
    }

    /// Rows scrolled off the top in an area `height` rows high: none when everything fits, else the row the
    /// person scrolled to (within the stack), else the fewest that show the whole focused widget (its top if it is
    /// too tall).
    private func scrollOffset(_ stack: Layout, columnWidth: Int, height: Int) -> Int {
        let total = stack.minimum
        guard total > height else { return 0 }
        if let firstRow { return min(max(0, firstRow), total - height) }
        guard let focused = entries.firstIndex(where: \.isFocused) else { return 0 }
        let row = stack.split(Rect(Size(width: columnWidth, height: total)))[focused]
        return min(max(0, row.maxY - height), row.y)
    }
}
