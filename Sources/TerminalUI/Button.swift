/// What pressing a button does, which decides how it looks when not focused.
public enum ButtonRole: Sendable, Hashable {
    /// An ordinary action.
    case primary
    /// An action that destroys something, such as deleting the account.
    case destructive
    /// A sign-in provider's button in its brand colours (a theme role such as `providerGoogle`).
    case brand(StyleRole)
}

/// A one-row push button, "[ Title ]", centred in its width; "›" marks focus.
public struct Button: Widget {
    /// The button's caption.
    public var title: String
    /// True when Enter would press this button.
    public var isFocused: Bool
    /// False while the button cannot be pressed (for instance, the form is not valid yet).
    public var isEnabled: Bool
    /// Primary, destructive or a brand.
    public var role: ButtonRole
    /// Colours for the unfocused button instead of its role's (a custom provider's brand).
    public var colors: CellColors?

    /// A button captioned `title`.
    public init(_ title: String, isFocused: Bool, isEnabled: Bool = true, role: ButtonRole = .primary,
                colors: CellColors? = nil) {
        self.title = title
        self.isFocused = isFocused
        self.isEnabled = isEnabled
        self.role = role
        self.colors = colors
    }

    /// Always one row.
    public func height(width: Int) -> Int { 1 }

    /// Draws the face centred in the first row of `area`. A title too wide to centre gives up the balancing
    /// space on the right before it is cut with "…".
    public func render(in area: Rect, buffer: inout Buffer) {
        let margin = ButtonFace.markerSpace
        guard area.height > 0, area.width >= 2 * margin + 5 else { return }
        let face = ButtonFace(title: title, isFocused: isFocused, isEnabled: isEnabled, kind: role)
        let centred = area.width - 2 * margin
        let room = TextWidth.of(TextWidth.sanitized(title)) + 4 <= centred ? centred : area.width - margin
        let text = face.text(titleWidth: room - 4)
        let x = area.x + margin + Alignment.center.offset(contentWidth: TextWidth.of(text), in: room)
        face.draw(text, x: x, y: area.y, buffer: &buffer)
        if let colors, isEnabled, !isFocused { buffer.recolor(x: x, y: area.y, width: TextWidth.of(text), colors: colors) }
    }
}
