import TerminalUI

/// A form with the QR code of an address beside it where the area is wide and tall enough for both; otherwise
/// the form alone, never a clipped code (the screens show the address as text either way).
struct FormBesideQRCode {
    let form: any Widget
    /// The address to encode; nil shows the form alone.
    let address: String?
    /// Narrowest the form beside the code gets.
    let formWidth: Int

    /// Fills `area`: a blank column, the code centred vertically, then the form.
    func render(in area: Rect, buffer: inout Buffer) {
        guard let code = address.flatMap(QRCode.init(encoding:)) else {
            form.render(in: area, buffer: &buffer)
            return
        }
        let view = QRCodeView(code)
        let qr = view.size
        let beside = Layout.horizontal(.cells(1), .cells(qr.width), .atLeast(formWidth + 1))
        guard beside.fits(area), area.height >= qr.height else {
            form.render(in: area, buffer: &buffer)
            return
        }
        let columns = beside.split(area)
        view.render(in: columns[1].centered(width: qr.width, height: qr.height), buffer: &buffer)
        form.render(in: columns[2], buffer: &buffer)
    }
}
