/// Every key that works on the current screen, framed over it (F1): the footer's hints in full.
///
///     ┌──────── Keys ────────┐
///     │ Tab, ↓     next      │
///     │ Enter      sign in   │
///     │ Ctrl-C     quit      │
///     └──────────────────────┘
///
/// Items that do not fit under each other go into a second column when it has room. Where a key and its action do
/// not fit side by side, that item's action goes under its key. A list taller than the frame scrolls to show the selected
/// item, drawn as a bar, with "▲"/"▼" in the frame's right edge.
public struct KeyList: Sendable {
    /// Shown in the top edge of the frame.
    public var title: String
    /// The keys and what they do, in the footer's order.
    public var items: [Footer.Item]
    /// The item kept in view.
    public var selected: Int

    /// Columns between the key column and the actions, and between two columns of items.
    static let gap = 2
    /// How far an action under its key is indented.
    static let stackedIndent = 2

    /// A list titled `title` of `items`, scrolled to show `selected`.
    public init(title: String, items: [Footer.Item], selected: Int = 0) {
        self.title = title
        self.items = items
        self.selected = selected
    }

    /// Draws the list centred on `screen`, as narrow as its items allow and at most min(60, width − 2) wide.
    public func render(over screen: Rect, buffer: inout Buffer) {
        let maxWidth = Overlay.width(on: screen)
        guard maxWidth >= 8, screen.height >= 3, !items.isEmpty else { return }
        let keyWidth = items.map { TextWidth.of(TextWidth.sanitized($0.key)) }.max() ?? 0
        let actionWidth = items.map { TextWidth.of(TextWidth.sanitized($0.action)) }.max() ?? 0
        let itemWidth = keyWidth + Self.gap + actionWidth
        guard itemWidth <= maxWidth - 4 else {
            renderOneColumn(over: screen, maxWidth: maxWidth, buffer: &buffer)
            return
        }
        let innerHeight = screen.height - 2
        let fitting = max(1, (maxWidth - 4 + Self.gap) / (itemWidth + Self.gap))
        let columns = min(fitting, (items.count + innerHeight - 1) / innerHeight)
        let rows = min(innerHeight, (items.count + columns - 1) / columns)
        let contentWidth = columns * itemWidth + (columns - 1) * Self.gap
        let first = firstShown(visible: rows * columns)
        let inside = frame(over: screen, contentWidth: contentWidth, rows: rows, maxWidth: maxWidth, buffer: &buffer)
        // One column takes the whole width inside the margins; several are as wide as their widest item.
        let lengths = columns == 1 ? [Length.fill] : Array(repeating: .cells(itemWidth), count: columns)
        let columnRects = Layout(.horizontal, lengths, spacing: Self.gap).split(inside.insetBy(dx: 1, dy: 0))
        let isScrolling = items.count > rows * columns
        for (index, item) in items.dropFirst(first).prefix(rows * columns).enumerated() {
            let column = columnRects[index / rows]
            let x = column.x, y = column.y + index % rows
            let isBar = isScrolling && first + index == selected
            if isBar { buffer.fill(Rect(x: x, y: y, width: column.width, height: 1), role: .buttonFocused) }
            putKey(item, x: x, y: y, room: column.width, isBar: isBar, buffer: &buffer)
            buffer.put(item.action, x: x + keyWidth + Self.gap, y: y, role: isBar ? .buttonFocused : .normal,
                       maxWidth: column.width - keyWidth - Self.gap)
        }
        marks(inside: inside, first: first, shown: rows * columns, buffer: &buffer)
    }

    /// One column: an item whose key and action fit beside each other on one line, the others with the action
    /// indented under the key; as many items as the frame holds, from the first that keeps the selected one in view.
    private func renderOneColumn(over screen: Rect, maxWidth: Int, buffer: inout Buffer) {
        let room = maxWidth - 4
        let keyWidths = items.map { TextWidth.of(TextWidth.sanitized($0.key)) }
        let actionWidths = items.map { TextWidth.of(TextWidth.sanitized($0.action)) }
        let keyColumn = items.indices.filter { keyWidths[$0] + Self.gap + actionWidths[$0] <= room }
            .map { keyWidths[$0] }.max() ?? 0
        let isBeside = items.indices.map { keyWidths[$0] <= keyColumn && keyColumn + Self.gap + actionWidths[$0] <= room }
        let heights = isBeside.map { $0 ? 1 : 2 }
        let widest = items.indices.map { index in
            isBeside[index] ? keyColumn + Self.gap + actionWidths[index]
                : max(keyWidths[index], Self.stackedIndent + actionWidths[index])
        }.max() ?? 0
        let innerHeight = screen.height - 2
        let selected = min(max(0, self.selected), items.count - 1)
        var first = 0
        while first < selected, heights[first...selected].reduce(0, +) > innerHeight { first += 1 }
        var shown = 0
        var used = 0
        while first + shown < items.count, used + heights[first + shown] <= innerHeight {
            used += heights[first + shown]
            shown += 1
        }
        let isScrolling = shown < items.count
        let inside = frame(over: screen, contentWidth: min(room, widest), rows: max(1, used), maxWidth: maxWidth,
                           buffer: &buffer)
        let content = inside.insetBy(dx: 1, dy: 0)
        var y = content.y
        for index in first..<(first + shown) {
            let item = items[index]
            let isBar = isScrolling && index == selected
            if isBar {
                buffer.fill(Rect(x: content.x, y: y, width: content.width, height: heights[index]), role: .buttonFocused)
            }
            putKey(item, x: content.x, y: y, room: content.width, isBar: isBar, buffer: &buffer)
            let (x, line) = isBeside[index] ? (keyColumn + Self.gap, y) : (Self.stackedIndent, y + 1)
            buffer.put(item.action, x: content.x + x, y: line, role: isBar ? .buttonFocused : .normal,
                       maxWidth: content.width - x)
            y += heights[index]
        }
        marks(inside: inside, first: first, shown: shown, buffer: &buffer)
    }

    /// The frame, centred, around `rows` rows of `contentWidth` cells; returns the area inside it.
    private func frame(over screen: Rect, contentWidth: Int, rows: Int, maxWidth: Int, buffer: inout Buffer)
        -> Rect {
        let boxWidth = max(min(maxWidth - 4, contentWidth) + 4, min(maxWidth, TextWidth.of(title) + 8))
        let box = screen.centered(width: boxWidth, height: rows + 2)
        return Overlay(title: title).draw(in: box, buffer: &buffer)
    }

    /// A key's name reads left to right in every layout, as in the footer.
    private func putKey(_ item: Footer.Item, x: Int, y: Int, room: Int, isBar: Bool, buffer: inout Buffer) {
        guard room > 0 else { return }
        buffer.put(item.key, x: x, y: y, role: isBar ? .buttonFocused : .footerKey, maxWidth: room,
                   paragraph: .leftToRight)
    }

    /// The first item shown when `visible` fit: the smallest scroll that shows the selected one.
    private func firstShown(visible: Int) -> Int {
        guard items.count > visible else { return 0 }
        let selected = min(max(0, selected), items.count - 1)
        return max(0, selected + 1 - visible)
    }

    /// "▲" and "▼" in the frame's right edge when items are above or below those shown.
    private func marks(inside: Rect, first: Int, shown: Int, buffer: inout Buffer) {
        let x = inside.maxX
        if first > 0 { buffer.put("▲", x: x, y: inside.y, role: .muted) }
        if first + shown < items.count { buffer.put("▼", x: x, y: inside.maxY - 1, role: .muted) }
    }
}
