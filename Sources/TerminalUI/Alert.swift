/// A modal message box centred over the screen: title in the frame, wrapped message, a row of buttons.
///
///     ┌──────── Error ────────┐
///     │                       │
///     │ The message, wrapped. │
///     │                       │
///     │  [ OK ]  › [ Retry ]  │
///     └───────────────────────┘
public struct Alert: Sendable {
    /// Shown in the top edge of the frame.
    public var title: String
    /// The body text; wrapped to the box width, newlines honoured.
    public var message: String
    /// Button captions, left to right.
    public var buttons: [String]
    /// Index of the focused button, or nil.
    public var focusedButton: Int?

    /// Columns between two buttons; the focus marker sits in them.
    static let buttonGap = 3

    /// An alert with `buttons`, of which the one at `focusedButton` has focus.
    public init(title: String, message: String, buttons: [String] = ["OK"], focusedButton: Int? = 0) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.focusedButton = focusedButton
    }

    /// Draws the alert centred on `screen`, min(60, screen width − 2) columns wide, as tall as needed.
    ///
    /// When the screen is too short, the blank row above the message goes first, then message lines
    /// from the end (the last one shown ends in "…"). The terminal cursor is hidden.
    public func render(over screen: Rect, buffer: inout Buffer) {
        let boxWidth = Overlay.width(on: screen)
        guard boxWidth >= 8, screen.height >= 4 else { return }
        let textWidth = boxWidth - 4
        var lines = TextWidth.wrap(message, width: textWidth)
        let hasTopPadding = lines.count + 5 <= screen.height
        let room = screen.height - (hasTopPadding ? 5 : 4)
        if lines.count > room {
            lines = Array(lines.prefix(max(0, room)))
            if let last = lines.popLast() { lines.append(TextWidth.truncate(last + "…", to: textWidth)) }
        }
        let box = screen.centered(width: boxWidth, height: lines.count + (hasTopPadding ? 5 : 4))
        let inside = Overlay(title: title).draw(in: box, buffer: &buffer)
        let firstLine = inside.y + (hasTopPadding ? 1 : 0)
        for (index, line) in lines.enumerated() {
            buffer.put(line, x: inside.x + 1, y: firstLine + index, role: .normal, maxWidth: textWidth)
        }
        renderButtons(in: Rect(x: inside.x + 1, y: inside.maxY - 1, width: textWidth, height: 1), buffer: &buffer)
    }

    private func renderButtons(in row: Rect, buffer: inout Buffer) {
        guard !buttons.isEmpty else { return }
        let margin = ButtonFace.markerSpace
        let gaps = Alert.buttonGap * (buttons.count - 1)
        let faces = buttons.enumerated().map { index, title in
            ButtonFace(title: title, isFocused: index == focusedButton, isEnabled: true, kind: .primary)
        }
        // Whole captions when the row holds them all; else each button gets an equal share.
        let whole = faces.map { $0.text(titleWidth: TextWidth.of(TextWidth.sanitized($0.title))) }
        let titleWidth = (row.width - 2 * margin - gaps) / buttons.count - 4
        let texts = whole.reduce(gaps) { $0 + TextWidth.of($1) } <= row.width - 2 * margin
            ? whole : faces.map { $0.text(titleWidth: titleWidth) }
        let total = texts.reduce(gaps) { $0 + TextWidth.of($1) }
        var x = row.x + margin + Alignment.center.offset(contentWidth: total, in: row.width - 2 * margin)
        for (face, text) in zip(faces, texts) {
            face.draw(text, x: x, y: row.y, buffer: &buffer)
            x += TextWidth.of(text) + Alert.buttonGap
        }
    }
}
