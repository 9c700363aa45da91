import TerminalUI

/// A form with the QR code of an address beside it where the area is wide and tall enough for both; otherwise
/// the form alone, never a clipped code (the screens show the address as text either way).
struct FormBesideQRCode {
    let form: any Widget
    /// The address to encode; nil shows the form alone.
    let address: String?
    /// Narrowest the form beside the code gets.
    let formWidth: Int
    /// The form beside the code and the rows below both, where they differ from `form` alone.
    var besideCode: (form: any Widget, below: any Widget)? = nil

    /// Fills `area`: a blank column, the code centred vertically, then the form; below them, one blank row and
    /// `besideCode`'s rows across the whole width.
    func render(in area: Rect, buffer: inout Buffer) {
        guard let code = address.flatMap(QRCode.init(encoding:)) else {
            form.render(in: area, buffer: &buffer)
            return
        }
        let view = QRCodeView(code)
        let qr = view.size
        let belowHeight = besideCode.map { $0.below.height(width: area.width) + 1 } ?? 0
        var top = area
        top.height -= belowHeight
        let beside = Layout.horizontal(.cells(1), .cells(qr.width), .atLeast(formWidth + 1))
        guard beside.fits(top), top.height >= qr.height else {
            form.render(in: area, buffer: &buffer)
            return
        }
        let columns = beside.split(top)
        view.render(in: columns[1].centered(width: qr.width, height: qr.height), buffer: &buffer)
        (besideCode?.form ?? form).render(in: columns[2], buffer: &buffer)
        besideCode?.below.render(in: Rect(x: area.x, y: top.maxY + 1, width: area.width, height: belowHeight - 1),
                                 buffer: &buffer)
    }
}
