/// A small framed box with a spinner and a message, shown while a request is in flight.
///
///     ┌──────────────────┐
///     │ ⠹ Signing in…    │
///     │ Esc to stop      │
///     └──────────────────┘
public struct BusyIndicator: Widget {
    /// Animation step; each value shows the next spinner glyph.
    public var frame: Int
    /// What is happening, e.g. "Signing in…".
    public var text: String
    /// An optional muted line under the text, e.g. "Esc to stop waiting".
    public var hint: String?

    /// The spinner glyphs, one per frame, repeating.
    public static let spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// A busy box showing the spinner at `frame`, `text` and, when given, `hint`.
    public init(frame: Int, text: String, hint: String? = nil) {
        self.frame = frame
        self.text = text
        self.hint = hint
    }

    /// The spinner glyph for the current frame.
    public var glyph: String {
        let count = Self.spinner.count
        return Self.spinner[((frame % count) + count) % count]
    }

    /// Frame, text row and hint row.
    public func height(width: Int) -> Int { hint == nil ? 3 : 4 }

    /// Draws the box centred horizontally at the top of `area`.
    public func render(in area: Rect, buffer: inout Buffer) {
        let textWidth = 2 + TextWidth.of(TextWidth.sanitized(text))
        let content = max(textWidth, hint.map { TextWidth.of(TextWidth.sanitized($0)) } ?? 0)
        let width = min(area.width, content + 4)
        let height = min(area.height, self.height(width: width))
        guard width >= 5, height >= 3 else { return }
        let box = Layout.vertical(.cells(height), .fill).split(area)[0].centered(width: width, height: height)
        buffer.fill(box, role: .normal)
        buffer.drawBox(box, role: .border)
        let line = box.insetBy(dx: 2, dy: 1).row(0)
        let spinner = Layout.horizontal(.cells(1), .fill, spacing: 1).split(line)
        buffer.put(glyph, x: spinner[0].x, y: line.y, role: .busy, maxWidth: 1)
        buffer.put(text, aligned: .leading, in: spinner[1], role: .normal)
        if let hint, height >= 4 { buffer.put(hint, aligned: .leading, in: line.row(1), role: .hint) }
    }

    /// Draws the box centred on `screen` (both ways).
    public func render(over screen: Rect, buffer: inout Buffer) {
        let height = min(screen.height, height(width: screen.width))
        render(in: screen.centered(width: screen.width, height: height), buffer: &buffer)
    }
}
