/// Text in one role, wrapped to the width it is given and aligned line by line.
///
/// Text in the `logo` role is a picture: its lines read left to right in every layout, so block-character art
/// is never reversed (Arabic or Hebrew letters in it are still put in display order).
public struct Label: Widget {
    /// The text; newlines start new lines.
    public var text: String
    /// How every cell of the text looks.
    public var role: StyleRole
    /// Where each line sits within the width.
    public var alignment: Alignment

    /// A label showing `text` in `role`, aligned by `alignment`.
    public init(_ text: String, role: StyleRole = .normal, alignment: Alignment = .leading) {
        self.text = text
        self.role = role
        self.alignment = alignment
    }

    /// One row per wrapped line.
    public func height(width: Int) -> Int {
        TextWidth.wrap(text, width: width).count
    }

    /// Draws the wrapped lines from the top of `area`, as many as fit.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 0 else { return }
        for (index, line) in TextWidth.wrap(text, width: area.width).prefix(area.height).enumerated() {
            buffer.put(line, aligned: alignment, in: area.row(index), role: role,
                       paragraph: role == .logo ? .leftToRight : nil)
        }
    }
}
