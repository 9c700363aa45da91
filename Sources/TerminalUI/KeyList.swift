/// Every key that works on the current screen, framed over it (F1): the footer's hints in full.
///
///     ┌──────── Keys ────────┐
///     │ Tab     next         │
///     │ Enter   sign in      │
///     │ Ctrl-C  quit         │
///     └──────────────────────┘
///
/// Items that do not fit under each other go into a second column; what still does not fit is cut off.
public struct KeyList: Sendable {
    /// Shown in the top edge of the frame.
    public var title: String
    /// The keys and what they do, in the footer's order.
    public var items: [Footer.Item]

    /// Columns between the key column and the actions, and between two columns of items.
    static let gap = 2

    /// A list titled `title` of `items`.
    public init(title: String, items: [Footer.Item]) {
        self.title = title
        self.items = items
    }

    /// Draws the list centred on `screen`, as narrow as its items allow and at most min(60, width − 2) wide.
    public func render(over screen: Rect, buffer: inout Buffer) {
        let maxWidth = Overlay.width(on: screen)
        guard maxWidth >= 8, screen.height >= 3, !items.isEmpty else { return }
        let keyWidth = items.map { TextWidth.of(TextWidth.sanitized($0.key)) }.max() ?? 0
        let itemWidth = items.map { keyWidth + Self.gap + TextWidth.of(TextWidth.sanitized($0.action)) }.max() ?? 0
        let innerHeight = screen.height - 2
        let fitting = max(1, (maxWidth - 4 + Self.gap) / (itemWidth + Self.gap))
        let columns = min(fitting, (items.count + innerHeight - 1) / innerHeight)
        let rows = min(innerHeight, (items.count + columns - 1) / columns)
        let contentWidth = min(maxWidth - 4, columns * itemWidth + (columns - 1) * Self.gap)
        let boxWidth = max(contentWidth + 4, min(maxWidth, TextWidth.of(title) + 8))
        let box = screen.centered(width: boxWidth, height: rows + 2)
        let inside = Overlay(title: title).draw(in: box, buffer: &buffer)
        // One column takes the whole width inside the margins; several are as wide as their widest item.
        let lengths = columns == 1 ? [Length.fill] : Array(repeating: .cells(itemWidth), count: columns)
        let columnRects = Layout(.horizontal, lengths, spacing: Self.gap).split(inside.insetBy(dx: 1, dy: 0))
        for (index, item) in items.prefix(rows * columns).enumerated() {
            let column = columnRects[index / rows]
            let x = column.x, y = column.y + index % rows
            let room = column.width
            guard room > 0 else { continue }
            // A key's name reads left to right in every layout, as in the footer.
            buffer.put(item.key, x: x, y: y, role: .footerKey, maxWidth: room, paragraph: .leftToRight)
            if room > keyWidth + Self.gap {
                buffer.put(item.action, x: x + keyWidth + Self.gap, y: y, role: .normal,
                           maxWidth: room - keyWidth - Self.gap)
            }
        }
    }
}
