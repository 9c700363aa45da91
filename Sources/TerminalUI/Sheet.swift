/// A modal panel over the screen, framed like an `Alert` but holding widgets (fields, buttons, links).
///
/// Used for reauthentication and confirmations. The rows are laid out as a `FormColumn`, so a sheet taller
/// than the screen scrolls to its focused row and shows "▲"/"▼".
public struct Sheet: Sendable {
    /// Shown in the top edge of the frame.
    public var title: String
    /// The widgets, top to bottom.
    public var rows: [any Widget]
    /// Index of the focused row, or nil.
    public var focusedRow: Int?

    /// A sheet titled `title` holding `rows`, of which the one at `focusedRow` has focus.
    public init(title: String, rows: [any Widget], focusedRow: Int?) {
        self.title = title
        self.rows = rows
        self.focusedRow = focusedRow
    }

    /// Draws the sheet centred on `screen`, min(60, screen width − 2) columns wide and at most the screen's height.
    ///
    /// Any cursor outside the sheet is hidden; a focused field inside it places the cursor again.
    public func render(over screen: Rect, buffer: inout Buffer) {
        let boxWidth = Overlay.width(on: screen)
        guard boxWidth >= 6, screen.height >= 3 else { return }
        var column = FormColumn(maxWidth: boxWidth - 4)
        for (index, row) in rows.enumerated() { column.add(row, focused: index == focusedRow) }
        let boxHeight = min(screen.height, column.height(width: boxWidth - 2) + 4)
        let box = screen.centered(width: boxWidth, height: boxHeight)
        let inside = Overlay(title: title).draw(in: box, buffer: &buffer)
        column.render(in: inside, buffer: &buffer)
    }
}
