/// A vertical stack of widgets in a column centred in its area, scrolled to keep the focused widget visible.
///
/// The column is min(maxWidth, area width − 2) wide, so there is at least one free column on the right
/// for the "▲"/"▼" marks that tell content is cut off above or below. When everything fits, the stack is
/// centred vertically too.
public struct FormColumn: Widget {
    /// Widest the column gets.
    public var maxWidth: Int
    /// Blank rows between two widgets.
    public var spacing: Int
    /// Whether "▲"/"▼" tell that content is cut off (off while a layer covers the column).
    public var showsScrollMarks = true
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
        layout(columnWidth: columnWidth(in: width)).total
    }

    /// Draws the widgets that are (even partly) visible; widgets cut by the area's edge are clipped.
    public func render(in area: Rect, buffer: inout Buffer) {
        let width = columnWidth(in: area.width)
        guard width > 0, area.height > 0 else { return }
        let layout = layout(columnWidth: width)
        let x = area.x + (area.width - width) / 2
        let offset = scrollOffset(layout, height: area.height)
        let top = layout.total <= area.height ? area.y + (area.height - layout.total) / 2 : area.y - offset
        for (entry, (y, height)) in zip(entries, zip(layout.tops, layout.heights)) {
            let rect = Rect(x: x, y: top + y, width: width, height: height)
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
        if offset > 0 { buffer.put("▲", x: x + width, y: area.y, role: .muted) }
        if layout.total - offset > area.height { buffer.put("▼", x: x + width, y: area.maxY - 1, role: .muted) }
    }

    private struct Layout {
        var tops: [Int] = []
        var heights: [Int] = []
        var total = 0
    }

    private func layout(columnWidth: Int) -> Layout {
        var layout = Layout()
        for entry in entries {
            if !layout.tops.isEmpty { layout.total += spacing }
            let height = max(0, entry.widget.height(width: columnWidth))
            layout.tops.append(layout.total)
            layout.heights.append(height)
            layout.total += height
        }
        return layout
    }

    /// Rows scrolled off the top: the fewest that show the whole focused widget (its top if it is too tall).
    private func scrollOffset(_ layout: Layout, height: Int) -> Int {
        guard layout.total > height, let focused = entries.firstIndex(where: \.isFocused) else { return 0 }
        let top = layout.tops[focused], bottom = top + layout.heights[focused]
        return min(max(0, bottom - height), top)
    }
}
