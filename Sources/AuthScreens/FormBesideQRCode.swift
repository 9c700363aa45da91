import TerminalUI

/// A form with the QR code of an address beside it where the area is wide and tall enough for both; otherwise
/// the form alone, never a clipped code (the screens show the address as text either way).
struct FormBesideQRCode: Widget {
    let form: any Widget
    /// The address to encode; nil shows the form alone.
    let address: String?
    /// Narrowest the form beside the code gets.
    let formWidth: Int

    func height(width: Int) -> Int { 0 }

    func render(in area: Rect, buffer: inout Buffer) {
        guard let view = address.flatMap(QRCode.init(encoding:)).map(QRCodeView.init),
              area.width >= view.size.width + 2 + formWidth, area.height >= view.size.height else {
            form.render(in: area, buffer: &buffer)
            return
        }
        let qr = view.size
        view.render(in: Rect(x: area.x + 1, y: area.y + (area.height - qr.height) / 2, width: qr.width,
                             height: qr.height), buffer: &buffer)
        form.render(in: Rect(x: area.x + qr.width + 1, y: area.y, width: area.width - qr.width - 1,
                             height: area.height), buffer: &buffer)
    }
}
