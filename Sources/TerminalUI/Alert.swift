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
    /// The buttons stand side by side when their whole captions fit in one row, else one above the other, so no
    /// caption is cut. When the screen is too short, the blank row above the message goes first, then message
    /// lines from the end (the last one shown ends in "…"). The terminal cursor is hidden.
    public func render(over screen: Rect, buffer: inout Buffer) {
        let boxWidth = Overlay.width(on: screen)
        guard boxWidth >= 8, screen.height >= 4 else { return }
        let textWidth = boxWidth - 4
        let faces = buttonFaces(width: textWidth)
        let buttonRows = faces.isStacked ? faces.texts.count : 1
        var lines = TextWidth.wrap(message, width: textWidth)
        // Frame, blank row and buttons; the top padding comes on top when it fits.
        let fixedRows = 3 + buttonRows
        let hasTopPadding = lines.count + fixedRows + 1 <= screen.height
        let room = screen.height - fixedRows - (hasTopPadding ? 1 : 0)
        if lines.count > room {
            lines = Array(lines.prefix(max(0, room)))
            if let last = lines.popLast() { lines.append(TextWidth.truncate(last + "…", to: textWidth)) }
        }
        let box = screen.centered(width: boxWidth, height: lines.count + fixedRows + (hasTopPadding ? 1 : 0))
        let inside = Overlay(title: title).draw(in: box, buffer: &buffer)
        // The top padding, the message with the blank row under it, the buttons; one blank column each side.
        let parts = Layout.vertical(.cells(hasTopPadding ? 1 : 0), .fill, .cells(buttonRows))
            .split(inside.insetBy(dx: 1, dy: 0))
        for (index, line) in lines.enumerated() {
            buffer.put(line, x: parts[1].x, y: parts[1].y + index, role: .normal, maxWidth: textWidth)
        }
        renderButtons(faces, in: parts[2], buffer: &buffer)
    }

    /// The buttons' faces and texts in a row `width` columns wide: whole captions side by side when they fit,
    /// else stacked, each whole unless even a row of its own is too narrow for it.
    private func buttonFaces(width: Int) -> (faces: [ButtonFace], texts: [String], isStacked: Bool) {
        let faces = buttons.enumerated().map { index, title in
            ButtonFace(title: title, isFocused: index == focusedButton, isEnabled: true, kind: .primary)
        }
        let room = width - 2 * ButtonFace.markerSpace
        let whole = faces.map { $0.text(titleWidth: TextWidth.of(TextWidth.sanitized($0.title))) }
        let sideBySide = whole.reduce(Alert.buttonGap * (faces.count - 1)) { $0 + TextWidth.of($1) }
        if sideBySide <= room { return (faces, whole, false) }
        return (faces, faces.map { $0.text(titleWidth: room - 4) }, faces.count > 1)
    }

    private func renderButtons(_ layout: (faces: [ButtonFace], texts: [String], isStacked: Bool), in rows: Rect,
                               buffer: inout Buffer) {
        let margin = ButtonFace.markerSpace
        let room = rows.width - 2 * margin
        if layout.isStacked {
            // One above the other, left-aligned in a centred block, so the focus markers line up.
            let widest = layout.texts.map(TextWidth.of).max() ?? 0
            let x = rows.x + margin + Alignment.center.offset(contentWidth: widest, in: room)
            for (index, (face, text)) in zip(layout.faces, layout.texts).enumerated() {
                face.draw(text, x: x, y: rows.y + index, buffer: &buffer)
            }
            return
        }
        let total = layout.texts.reduce(Alert.buttonGap * (layout.texts.count - 1)) { $0 + TextWidth.of($1) }
        var x = rows.x + margin + Alignment.center.offset(contentWidth: total, in: room)
        for (face, text) in zip(layout.faces, layout.texts) {
            face.draw(text, x: x, y: rows.y, buffer: &buffer)
            x += TextWidth.of(text) + Alert.buttonGap
        }
    }
}
