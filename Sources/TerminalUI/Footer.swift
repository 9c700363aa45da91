/// The key-hint bar at the bottom of a screen: "Enter sign in  Tab next  Esc back".
///
/// The items come most important first; those that do not fit are left out from the end, whole.
public struct Footer: Widget {
    /// One hint: a key and what it does.
    public struct Item: Sendable, Hashable {
        /// The key's name, e.g. "Enter".
        public var key: String
        /// What the key does, e.g. "sign in".
        public var action: String

        /// A hint that `key` does `action`.
        public init(key: String, action: String) {
            self.key = key
            self.action = action
        }

        /// Columns the item takes: key, a space, action.
        var width: Int { TextWidth.of(TextWidth.sanitized(key)) + 1 + TextWidth.of(TextWidth.sanitized(action)) }
    }

    /// The hints, most important first.
    public var items: [Item]

    /// Columns between two items.
    static let separator = "  "

    /// A footer showing `items` in order, as many as fit.
    public init(items: [Item]) {
        self.items = items
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

    /// The items drawn in `width` columns: the longest run from the first that fits.
    func shown(in width: Int) -> [Item] {
        var used = -TextWidth.of(Self.separator)
        return Array(items.prefix { item in
            used += TextWidth.of(Self.separator) + item.width
            return used <= width
        })
    }
}
