/// One entry of a `ListView`: a title, text kept whole at its end, and an optional detail line under it.
public struct ListItem: Sendable, Hashable {
    /// The main text, e.g. a factor's name.
    public var title: String
    /// Kept whole at the end of the title's row (a country's "(GB +44)", what tells rows apart): a narrow list
    /// cuts the title instead; nil for none.
    public var trailing: String?
    /// A second, muted line, e.g. a phone number; nil for none.
    public var detail: String?

    /// An item showing `title`, then `trailing` on its row, and `detail` under it.
    public init(title: String, trailing: String? = nil, detail: String? = nil) {
        self.title = title
        self.trailing = trailing
        self.detail = detail
    }

    /// The title and its trailing text, as the row reads when it fits.
    public var fullTitle: String { trailing.map { "\(title) \($0)" } ?? title }

    /// The title's row in `width` cells: the title cut (with "…") so that the trailing text stays whole.
    func titleRow(width: Int) -> String {
        guard let trailing, TextWidth.of(fullTitle) > width else { return fullTitle }
        let room = width - TextWidth.of(trailing) - 1
        guard room > 0 else { return fullTitle }
        return "\(TextWidth.truncate(title, to: room)) \(trailing)"
    }
}

/// A vertical list of items with one selected; it scrolls so the selected item stays visible.
///
/// The selected item has a "›" marker and, while the list is focused, is drawn as a bar in the
/// buttonFocused role. When items are cut off, "▲"/"▼" appear in the last column.
public struct ListView: Widget {
    /// The entries, top to bottom.
    public var items: [ListItem]
    /// Index of the selected item, or nil.
    public var selected: Int?
    /// True when arrow keys go to this list.
    public var isFocused: Bool
    /// The most rows the list asks for; a longer list scrolls inside them. Nil asks for every row.
    public var maxVisibleRows: Int?

    /// A list of `items` with `selected` highlighted.
    public init(items: [ListItem], selected: Int?, isFocused: Bool, maxVisibleRows: Int? = nil) {
        self.items = items
        self.selected = selected
        self.isFocused = isFocused
        self.maxVisibleRows = maxVisibleRows
    }

    /// One row per title plus one per detail, capped at `maxVisibleRows`.
    public func height(width: Int) -> Int { min(rows.count, maxVisibleRows ?? .max) }

    /// Draws the rows that fit in `area`, scrolled to show the selected item.
    public func render(in area: Rect, buffer: inout Buffer) {
        let rows = rows
        guard area.width > 2, area.height > 0 else { return }
        let offset = scrollOffset(rows: rows, height: area.height)
        let isScrolling = rows.count > area.height
        let textWidth = area.width - 2 - (isScrolling ? 1 : 0)
        for (line, row) in rows.dropFirst(offset).prefix(area.height).enumerated() {
            // The marker's two columns and the text (a detail indented), left of the scroll marks' column.
            let bar = Layout.horizontal(.cells(textWidth + 2), .fill).split(area.row(line))[0]
            let text = Layout.horizontal(.cells(row.isDetail ? 4 : 2), .fill).split(bar)[1]
            let isSelected = row.item == selected
            let isBar = isSelected && isFocused
            if isBar { buffer.fill(bar, role: .buttonFocused) }
            let role: StyleRole = isBar ? .buttonFocused : (row.isDetail ? .muted : .normal)
            if isSelected, !row.isDetail { buffer.put("›", x: bar.x, y: bar.y, role: role) }
            let line = row.isDetail ? row.text : items[row.item].titleRow(width: text.width)
            buffer.put(line, aligned: .leading, in: text, role: role)
        }
        if isScrolling {
            if offset > 0 { buffer.put("▲", x: area.maxX - 1, y: area.y, role: .muted) }
            if offset + area.height < rows.count { buffer.put("▼", x: area.maxX - 1, y: area.maxY - 1, role: .muted) }
        }
    }

    private struct Row {
        let item: Int
        let text: String
        let isDetail: Bool
    }

    private var rows: [Row] {
        items.enumerated().flatMap { index, item in
            [Row(item: index, text: item.title, isDetail: false)]
                + (item.detail.map { [Row(item: index, text: $0, isDetail: true)] } ?? [])
        }
    }

    /// The first row shown: the smallest offset at which all of the selected item's rows are visible.
    private func scrollOffset(rows: [Row], height: Int) -> Int {
        guard rows.count > height, let selected,
              let first = rows.firstIndex(where: { $0.item == selected }),
              let last = rows.lastIndex(where: { $0.item == selected }) else { return 0 }
        return min(max(0, last + 1 - height), first)
    }
}
