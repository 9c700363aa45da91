/// A one-row on/off choice, "[x] Title"; "›" marks focus.
public struct Checkbox: Widget {
    public var title: String
    public var isOn: Bool
    public var isFocused: Bool

    /// A checkbox showing `title`, ticked when `isOn`.
    public init(_ title: String, isOn: Bool, isFocused: Bool) {
        self.title = title
        self.isOn = isOn
        self.isFocused = isFocused
    }

    /// Rows the title needs after the box, wrapped.
    public func height(width: Int) -> Int { max(1, lines(width: width).count) }

    /// Draws the box and the wrapped title, indented under it.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 6 else { return }
        let role: StyleRole = isFocused ? .fieldFocused : .normal
        if isFocused { buffer.put("›", x: area.x, y: area.y, role: role, maxWidth: 1) }
        buffer.put(isOn ? "[x]" : "[ ]", x: area.x + 2, y: area.y, role: role)
        for (index, line) in lines(width: area.width).prefix(area.height).enumerated() {
            buffer.put(line, x: area.x + 6, y: area.y + index, role: .normal, maxWidth: area.width - 6)
        }
    }

    private func lines(width: Int) -> [String] { TextWidth.wrap(title, width: max(1, width - 6)) }
}
