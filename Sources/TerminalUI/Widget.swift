/// Something that draws itself into a rectangle of a `Buffer`, like a label, a field or a button.
public protocol Widget: Sendable {
    /// Rows the widget needs when given `width` columns.
    func height(width: Int) -> Int
    /// Draws the widget inside `area`, touching no cell outside it.
    func render(in area: Rect, buffer: inout Buffer)
}
