import TerminalUI

/// A form with the QR code of an address beside it where the area is wide and tall enough for both; otherwise
/// the form alone, never a clipped code (the screens show the address as text either way).
struct FormBesideQRCode {
    let form: FormColumn
    /// The address to encode; nil shows the form alone.
    let address: String?
    /// Narrowest the form beside the code gets.
    let formWidth: Int

    /// Fills `area`: a blank column, the code centred vertically, then the form.
    func render(in area: Rect, buffer: inout Buffer) {
        let placed = placement(in: area)
        if let (view, rect) = placed.code { view.render(in: rect, buffer: &buffer) }
        form.render(in: placed.form, buffer: &buffer)
    }

    /// How much of the form is in view in `area`.
    func extent(in area: Rect) -> ScrollExtent {
        form.extent(in: placement(in: area).form)
    }

    /// Where the code (if it fits) and the form go in `area`.
    private func placement(in area: Rect) -> (code: (QRCodeView, Rect)?, form: Rect) {
        guard let code = address.flatMap(QRCode.init(encoding:)) else { return (nil, area) }
        let view = QRCodeView(code)
        let qr = view.size
        let beside = Layout.horizontal(.cells(1), .cells(qr.width), .atLeast(formWidth + 1))
        guard beside.fits(area), area.height >= qr.height else { return (nil, area) }
        let columns = beside.split(area)
        return ((view, columns[1].centered(width: qr.width, height: qr.height)), columns[2])
    }
}
