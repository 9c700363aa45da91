/// A horizontal rule (─) across the whole width, in the muted role.
public struct Divider: Widget {
    /// A divider.
    public init() {}

    /// Always one row.
    public func height(width: Int) -> Int { 1 }

    /// Draws the rule along the first row of `area`.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 0, area.height > 0 else { return }
        let rule = String(repeating: "─", count: area.width)
        buffer.put(rule, x: area.x, y: area.y, role: .muted, maxWidth: area.width)
    }
}
