/// A labelled one-line text input with a cursor, optional masking and validation messages below it.
///
/// Layout, `width` columns wide:
///
///     ··Email                       label row (left out when the label is empty)
///     › [a@b                    ]   input row: "›" marks focus; "<" or ">" replace a bracket when text is cut
///     ··✗ Email must contain @      one row per wrapped validation message
///
/// The text scrolls horizontally, by display columns, so the cursor cell always stays inside the brackets.
public struct TextField: Widget {
    /// The caption above the input.
    public var label: String
    /// What was typed.
    public var text: String
    /// The cursor as a Character index into `text` (0 = before the first character).
    public var cursor: Int
    /// Shown in the placeholder role while `text` is empty.
    public var placeholder: String
    /// True when key presses go to this field; then it places the terminal cursor.
    public var isFocused: Bool
    /// Whether the text is shown, masked or revealed.
    public var secure: SecureMode
    /// Validation messages shown under the input.
    public var messages: [ValidationMessage]

    /// Columns left of the label, brackets and messages; the focus marker sits in them.
    static let gutter = 2

    /// A field showing `text` with the cursor before the Character at index `cursor`.
    public init(
        label: String, text: String, cursor: Int, placeholder: String = "", isFocused: Bool,
        secure: SecureMode = .plain, messages: [ValidationMessage] = []
    ) {
        self.label = label
        self.text = text
        self.cursor = cursor
        self.placeholder = placeholder
        self.isFocused = isFocused
        self.secure = secure
        self.messages = messages
    }

    /// The label row (if any), the input row and every message row.
    public func height(width: Int) -> Int {
        (label.isEmpty ? 0 : 1) + 1 + messageLines(width: width).count
    }

    /// Draws label, input and messages from the top of `area`; sets `buffer.cursor` when focused.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > Self.gutter, area.height > 0 else { return }
        let inner = Rect(x: area.x + Self.gutter, y: area.y, width: area.width - Self.gutter, height: 1)
        var row = 0
        if !label.isEmpty {
            buffer.put(label, aligned: .leading, in: inner, role: .label)
            row += 1
        }
        guard row < area.height else { return }
        renderInput(row: area.row(row), buffer: &buffer)
        row += 1
        for (line, role) in messageLines(width: area.width) where row < area.height {
            buffer.put(line, aligned: .leading, in: Rect(x: inner.x, y: area.y + row, width: inner.width, height: 1),
                       role: role)
            row += 1
        }
    }

    private func messageLines(width: Int) -> [(String, StyleRole)] {
        messages.flatMap { message in message.lines(width: width - Self.gutter).map { ($0, message.role) } }
    }

    private func renderInput(row: Rect, buffer: inout Buffer) {
        let role: StyleRole = isFocused ? .fieldFocused : .field
        let box = Rect(x: row.x + Self.gutter, y: row.y, width: row.width - Self.gutter, height: 1)
        let interior = Rect(x: box.x + 1, y: row.y, width: box.width - 2, height: 1)
        if isFocused { buffer.put("›", x: row.x, y: row.y, role: role, maxWidth: 1) }
        guard interior.width > 0 else { return }
        buffer.fill(box, role: role)

        if text.isEmpty {
            buffer.put("[", x: box.x, y: row.y, role: role)
            buffer.put("]", x: interior.maxX, y: row.y, role: role)
            buffer.put(placeholder, aligned: .leading, in: interior, role: .placeholder)
            if isFocused { buffer.cursor = Point(x: interior.x, y: row.y) }
            return
        }

        let view = ScrolledText(glyphs: glyphs, cursor: cursor, width: interior.width)
        var x = interior.x
        for glyph in view.visibleGlyphs {
            x += buffer.put(glyph, x: x, y: row.y, role: role, maxWidth: interior.maxX - x)
        }
        buffer.put(view.isCutBefore ? "<" : "[", x: box.x, y: row.y, role: role)
        buffer.put(view.isCutAfter ? ">" : "]", x: interior.maxX, y: row.y, role: role)
        if isFocused { buffer.cursor = Point(x: min(interior.x + view.cursorColumn, interior.maxX - 1), y: row.y) }
    }

    /// What each Character of `text` looks like on screen.
    private var glyphs: [String] {
        text.map { secure == .masked ? "•" : TextWidth.sanitized(String($0)) }
    }
}
