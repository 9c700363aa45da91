/// A one-time code entry: one box per digit, "[1][2][3][ ][ ][ ]", with its label and messages.
public struct CodeField: Widget {
    public var label: String
    public var digits: String
    public var length: Int
    public var isFocused: Bool
    public var messages: [ValidationMessage]

    /// A field of `length` boxes holding `digits`.
    public init(label: String, digits: String, length: Int = 6, isFocused: Bool, messages: [ValidationMessage] = []) {
        self.label = label
        self.digits = digits
        self.length = length
        self.isFocused = isFocused
        self.messages = messages
    }

    /// The label row, the boxes and one row per message.
    public func height(width: Int) -> Int { 2 + messages.count }

    /// Draws the boxes centred; the cursor sits in the next empty box.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.height > 0 else { return }
        // Label and messages stand right of the focus marker's gutter.
        let text = Layout.horizontal(.cells(2), .fill).split(area)[1]
        buffer.put(label, x: text.x, y: area.y, role: .label, maxWidth: text.width)
        guard area.height > 1 else { return }
        let boxesWidth = length * 3
        let x = area.x + max(2, (area.width - boxesWidth) / 2)
        let characters = Array(digits)
        let role: StyleRole = isFocused ? .fieldFocused : .field
        if isFocused { buffer.put("›", x: x - 2, y: area.y + 1, role: role, maxWidth: 1) }
        // Digits read left to right in every script, so a mirrored layout keeps the first box on the left.
        let mirrored = buffer.direction == .rightToLeft
        let slot = { (index: Int) in mirrored ? self.length - 1 - index : index }
        for index in 0..<length {
            let digit = index < characters.count ? String(characters[index]) : " "
            buffer.put("[\(digit)]", x: x + slot(index) * 3, y: area.y + 1, role: role)
        }
        if isFocused {
            buffer.placeCursor(at: Point(x: x + slot(min(characters.count, length - 1)) * 3 + 1, y: area.y + 1))
        }
        for (index, message) in messages.enumerated() where index + 2 < area.height {
            buffer.put((message.isError ? "✗ " : "✓ ") + message.text, x: text.x, y: area.y + 2 + index,
                       role: message.isError ? .error : .muted, maxWidth: text.width)
        }
    }
}
