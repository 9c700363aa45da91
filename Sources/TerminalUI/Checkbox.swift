/// A one-row on/off choice, "[x] Title", or one choice of a group, "(•) Title"; "›" marks focus.
public struct Checkbox: Widget {
    /// How the mark reads: a box for a choice on its own, a round mark for one of a group (one-of choices).
    public enum Mark: Sendable {
        case box, radio
    }

    public var title: String
    public var isOn: Bool
    public var isFocused: Bool
    public var mark: Mark

    /// The focus marker's gutter, the box with a blank column after it, and the title.
    private static let columns = Layout.horizontal(.cells(2), .cells(4), .fill)

    /// A checkbox showing `title`, ticked when `isOn`; a `radio` mark for one choice of a group.
    public init(_ title: String, isOn: Bool, isFocused: Bool, mark: Mark = .box) {
        self.title = title
        self.isOn = isOn
        self.isFocused = isFocused
        self.mark = mark
    }

    /// "[x]" / "[ ]", or "(•)" / "( )".
    var symbol: String {
        switch mark {
        case .box: isOn ? "[x]" : "[ ]"
        case .radio: isOn ? "(•)" : "( )"
        }
    }

    /// Rows the title needs after the box, wrapped.
    public func height(width: Int) -> Int { max(1, lines(width: width).count) }

    /// Draws the box and the wrapped title, indented under it.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > Self.columns.minimum else { return }
        let role: StyleRole = isFocused ? .fieldFocused : .normal
        let columns = Self.columns.split(area)
        if isFocused { buffer.put("›", x: columns[0].x, y: area.y, role: role, maxWidth: 1) }
        buffer.put(symbol, x: columns[1].x, y: area.y, role: role)
        for (index, line) in lines(width: area.width).prefix(area.height).enumerated() {
            buffer.put(line, x: columns[2].x, y: area.y + index, role: .normal, maxWidth: columns[2].width)
        }
    }

    private func lines(width: Int) -> [String] { TextWidth.wrap(title, width: max(1, width - Self.columns.minimum)) }
}
