/// A labelled one-line text input with a cursor, optional masking and validation messages below it.
///
/// Layout, `width` columns wide:
///
///     ··Email                       label row (left out when the label is empty)
///     › [a@b                    ]   input row: "›" marks focus; "<" or ">" replace a bracket when text is cut
///     ··✗ Email must contain @      one row per wrapped validation message
///
/// The text scrolls horizontally, by display columns, so the cursor cell always stays inside the brackets.
/// The cursor moves in logical order; in mixed right-to-left text it is drawn on the cell of the character it
/// stands before, wherever reordering put that character.
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
    /// Whether the whole text is selected (pre-filled): drawn highlighted while focused.
    public var isSelected: Bool

    /// Columns left of the label, brackets and messages; the focus marker sits in them.
    static let gutter = 2
    /// The gutter (the focus marker's) and the field's column.
    private static let columns = Layout.horizontal(.cells(gutter), .fill)

    /// A field showing `text` with the cursor before the Character at index `cursor`.
    public init(
        label: String, text: String, cursor: Int, placeholder: String = "", isFocused: Bool,
        secure: SecureMode = .plain, messages: [ValidationMessage] = [], isSelected: Bool = false
    ) {
        self.isSelected = isSelected
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
        // Label and messages stand right of the gutter, in line with the input's box.
        let text = Self.columns.split(area)[1]
        var row = 0
        if !label.isEmpty {
            buffer.put(label, aligned: .leading, in: text.row(0), role: .label)
            row += 1
        }
        guard row < area.height else { return }
        renderInput(row: area.row(row), buffer: &buffer)
        row += 1
        for (line, role) in messageLines(width: area.width) where row < area.height {
            buffer.put(line, aligned: .leading, in: text.row(row), role: role)
            row += 1
        }
    }

    private func messageLines(width: Int) -> [(String, StyleRole)] {
        messages.flatMap { message in message.lines(width: width - Self.gutter).map { ($0, message.role) } }
    }

    private func renderInput(row: Rect, buffer: inout Buffer) {
        let role: StyleRole = isFocused ? .fieldFocused : .field
        let box = Self.columns.split(row)[1]
        let interior = box.insetBy(dx: 1, dy: 0)
        if isFocused { buffer.put("›", x: row.x, y: row.y, role: role, maxWidth: 1) }
        guard interior.width > 0 else { return }
        buffer.fill(box, role: role)

        if text.isEmpty {
            buffer.put("[", x: box.x, y: row.y, role: role)
            buffer.put("]", x: interior.maxX, y: row.y, role: role)
            buffer.put(placeholder, aligned: .leading, in: interior, role: .placeholder)
            if isFocused { buffer.placeCursor(at: Point(x: interior.x, y: row.y)) }
            return
        }

        let glyphs = self.glyphs
        let view = ScrolledText(glyphs: glyphs, cursor: cursor, width: interior.width)
        let direction = contentDirection(of: glyphs.joined(), layout: buffer.direction)
        let line = Bidi.layout(glyphs: view.visibleGlyphs, paragraph: direction, reorders: buffer.bidi == .application)
        // The text starts at its own direction's edge; brackets and cursor are placed physically from here on.
        let edges = buffer.physical(interior)
        let start = direction == .leftToRight ? edges.x : edges.maxX - line.width
        buffer.writeVisual(line.visual, x: start, y: row.y, role: isSelected && isFocused ? .buttonFocused : role)
        let cutLeft = direction == .leftToRight ? view.isCutBefore : view.isCutAfter
        let cutRight = direction == .leftToRight ? view.isCutAfter : view.isCutBefore
        buffer.writeVisual(cutLeft ? "<" : "[", x: edges.x - 1, y: row.y, role: role)
        buffer.writeVisual(cutRight ? ">" : "]", x: edges.maxX, y: row.y, role: role)
        if isFocused {
            let column = start + cursorColumn(line, at: view.cursorInView, glyphs: view.visibleGlyphs)
            buffer.cursor = Point(x: min(max(column, edges.x), edges.maxX - 1), y: row.y)
        }
    }

    /// The direction the typed text reads in: its first strong letter's; digits and signs alone (a phone
    /// number, a code) read left to right; masked or symbol-only text follows the layout.
    private func contentDirection(of shown: String, layout: LayoutDirection) -> LayoutDirection {
        Bidi.firstStrongDirection(shown) ?? (Bidi.containsNumber(shown) ? .leftToRight : layout)
    }

    /// The column, from the line's left edge, of the cell the cursor is drawn on when it stands before the
    /// visible glyph `index`: that glyph's cell, or after the end, the cell just past the last glyph in that
    /// glyph's own direction.
    private func cursorColumn(_ line: Bidi.GlyphLayout, at index: Int, glyphs: [String]) -> Int {
        if index < glyphs.count { return line.columns[index] }
        guard let last = glyphs.indices.last else { return 0 }
        return line.isRightToLeft[last] ? line.columns[last] - 1 : line.columns[last] + TextWidth.of(glyphs[last])
    }

    /// What each Character of `text` looks like on screen.
    private var glyphs: [String] {
        text.map { secure == .masked ? "•" : TextWidth.sanitized(String($0)) }
    }
}
