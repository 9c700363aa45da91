/// The key-hint bar at the bottom of a screen: "Enter sign in  Tab next  Esc back".
///
/// When the items do not all fit, the essential ones (quit, back) stay, the others are dropped from the end,
/// whole, and the overflow item ("F1 keys") says where the full list is.
public struct Footer: Widget {
    /// One hint: a key and what it does.
    public struct Item: Sendable, Hashable {
        /// The key's name, e.g. "Enter".
        public var key: String
        /// What the key does, e.g. "sign in".
        public var action: String
        /// Whether the item stays when space is short (quit, back).
        public var isEssential: Bool

        /// A hint that `key` does `action`.
        public init(key: String, action: String, isEssential: Bool = false) {
            self.key = key
            self.action = action
            self.isEssential = isEssential
        }

        /// Columns the item takes: key, a space, action.
        var width: Int { TextWidth.of(TextWidth.sanitized(key)) + 1 + TextWidth.of(TextWidth.sanitized(action)) }
    }

    /// The hints, most important first.
    public var items: [Item]
    /// Shown last, and only when some item had to be dropped: where to see them all.
    public var overflow: Item?

    /// Columns between two items.
    static let separator = "  "

    /// A footer showing `items` in order, and `overflow` when they do not all fit.
    public init(items: [Item], overflow: Item? = nil) {
        self.items = items
        self.overflow = overflow
    }

    /// A footer showing `items` in order.
    public init(items: [(key: String, action: String)]) {
        self.init(items: items.map { Item(key: $0.key, action: $0.action) })
    }

    /// Always one row.
    public func height(width: Int) -> Int { 1 }

    /// Fills the first row of `area` in the footer role and writes the items that fit, after one blank column.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 0, area.height > 0 else { return }
        let row = area.row(0)
        buffer.fill(row, role: .footer)
        var x = row.x + 1
        for (index, item) in shown(in: row.width - 1).enumerated() {
            if index > 0 { x += TextWidth.of(Self.separator) }
            // A key's name ("↑↓", "Shift-Tab") reads left to right in every layout.
            x += buffer.put(TextWidth.sanitized(item.key), x: x, y: row.y, role: .footerKey, paragraph: .leftToRight)
            x += 1
            x += buffer.put(TextWidth.sanitized(item.action), x: x, y: row.y, role: .footer)
        }
    }

    /// The items drawn in `width` columns, in their order: all when they fit. Otherwise they are taken by rank
    /// while they fit: the essential items from the last (quit is listed last; a second key for the same action
    /// waits with the rest), the overflow item, then the others from the first until one does not fit.
    func shown(in width: Int) -> [Item] {
        func total(_ items: [Item]) -> Int {
            items.reduce(0) { $0 + $1.width } + TextWidth.of(Self.separator) * max(0, items.count - 1)
        }
        if total(items) <= width { return items }
        let essential = items.indices.filter { items[$0].isEssential }
        var chosen: [Int] = [], hasOverflow = false
        func fits(adding index: Int?, overflow: Bool) -> Bool {
            let indices = (chosen + (index.map { [$0] } ?? [])).sorted()
            return total(indices.map { items[$0] } + (overflow ? self.overflow.map { [$0] } ?? [] : [])) <= width
        }
        // Two keys that do the same (Esc and Ctrl-C both quit at the root) need one hint when space is short.
        for index in essential.reversed() where fits(adding: index, overflow: false)
            && !chosen.contains(where: { items[$0].action == items[index].action }) {
            chosen.append(index)
        }
        if overflow != nil, fits(adding: nil, overflow: true) { hasOverflow = true }
        for index in items.indices where !chosen.contains(index) {
            guard fits(adding: index, overflow: hasOverflow) else { break }
            chosen.append(index)
        }
        return chosen.sorted().map { items[$0] } + (hasOverflow ? overflow.map { [$0] } ?? [] : [])
    }
}
