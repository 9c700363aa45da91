/// An address shown whole: cut into rows of exactly the width, left to right in every layout, never truncated,
/// so it can be read, copied or typed from the screen.
public struct AddressBlock: Widget {
    public var address: String
    public var role: StyleRole
    /// Whether each row links to the address where the terminal shows links (OSC 8).
    public var isHyperlink: Bool

    public init(_ address: String, role: StyleRole = .link, isHyperlink: Bool = false) {
        self.address = TextWidth.sanitized(address)
        self.role = role
        self.isHyperlink = isHyperlink
    }

    public func height(width: Int) -> Int { rows(width: width).count }

    /// Rows start at the area's left edge in both layouts, so a short last row continues under the one above.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 0 else { return }
        let left: Alignment = buffer.direction == .rightToLeft ? .trailing : .leading
        for (index, row) in rows(width: area.width).prefix(area.height).enumerated() {
            let x = buffer.put(row, aligned: left, in: area.row(index), role: role, paragraph: .leftToRight)
            guard isHyperlink else { continue }
            let cells = buffer.physical(Rect(x: x, y: area.y + index, width: TextWidth.of(row), height: 1))
            buffer.link(row, at: Point(x: cells.x, y: cells.y), to: address)
        }
    }

    /// Consecutive pieces of the address no wider than `width` each.
    func rows(width: Int) -> [String] {
        var rows: [String] = []
        var current = "", used = 0
        for character in address {
            let cells = TextWidth.of(String(character))
            if used + cells > max(1, width), !current.isEmpty {
                rows.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += cells
        }
        if !current.isEmpty || rows.isEmpty { rows.append(current) }
        return rows
    }
}
