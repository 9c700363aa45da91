import TerminalUI

/// A form with the QR code of an address beside it where the area is wide and tall enough for both; otherwise
/// the form alone, never a clipped code (the screens show the address as text either way).
struct FormBesideQRCode {
    let form: FormColumn
    /// The address to encode; nil shows the form alone.
    let address: String?
    /// Narrowest the form beside the code gets.
    let formWidth: Int
    /// The form beside the code and the rows below both, where they differ from `form` alone.
    var besideCode: (form: FormColumn, below: any Widget)? = nil

    /// Where the parts go in an area: the code (if it fits), the form, and the rows below both (if any).
    private struct Placement {
        var code: (view: QRCodeView, area: Rect)?
        var form: FormColumn
        var formArea: Rect
        var below: (widget: any Widget, area: Rect)?
    }

    /// Fills `area`: a blank column, the code centred vertically, then the form; below them, one blank row and
    /// `besideCode`'s rows across the whole width.
    func render(in area: Rect, buffer: inout Buffer) {
        let placed = placement(in: area)
        if let code = placed.code { code.view.render(in: code.area, buffer: &buffer) }
        placed.form.render(in: placed.formArea, buffer: &buffer)
        if let below = placed.below { below.widget.render(in: below.area, buffer: &buffer) }
    }

    /// How much of the form is in view in `area`.
    func extent(in area: Rect) -> ScrollExtent {
        let placed = placement(in: area)
        return placed.form.extent(in: placed.formArea)
    }

    private func placement(in area: Rect) -> Placement {
        let alone = Placement(code: nil, form: form, formArea: area, below: nil)
        guard let code = address.flatMap(QRCode.init(encoding:)) else { return alone }
        let view = QRCodeView(code)
        let qr = view.size
        let belowHeight = besideCode.map { $0.below.height(width: area.width) + 1 } ?? 0
        var top = area
        top.height -= belowHeight
        let beside = Layout.horizontal(.cells(1), .cells(qr.width), .atLeast(formWidth + 1))
        guard beside.fits(top), top.height >= qr.height else { return alone }
        let columns = beside.split(top)
        let belowArea = Rect(x: area.x, y: top.maxY + 1, width: area.width, height: belowHeight - 1)
        return Placement(code: (view, columns[1].centered(width: qr.width, height: qr.height)),
                         form: besideCode?.form ?? form, formArea: columns[2],
                         below: besideCode.map { ($0.below, belowArea) })
    }
}
