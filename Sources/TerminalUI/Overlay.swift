/// The framed box that alerts and sheets draw over a screen.
struct Overlay {
    /// Widest box, in columns.
    static let maxWidth = 60

    let title: String

    /// The box's width on `screen`: at most 60 columns and one column free on each side.
    static func width(on screen: Rect) -> Int {
        min(maxWidth, screen.width - 2)
    }

    /// Clears `box`, frames it and centres the title in its top edge; returns the rectangle inside the frame.
    ///
    /// Any cursor goes away: the box is modal and covers whatever field had it.
    @discardableResult
    func draw(in box: Rect, buffer: inout Buffer) -> Rect {
        buffer.cursor = nil
        buffer.fill(box, role: .normal)
        buffer.drawBox(box, role: .border)
        if !title.isEmpty, box.width > 4 {
            buffer.put(" " + TextWidth.truncate(title, to: box.width - 6) + " ", aligned: .center,
                       in: box.row(0).insetBy(dx: 1, dy: 0), role: .alertTitle)
        }
        return box.insetBy(dx: 1, dy: 1)
    }
}
