import TerminalUI

/// A screen whose form stands beside a QR code of an address when the terminal is wide and tall enough (browser
/// and device-code sign-in); otherwise the form alone, which holds the address as text, never a clipped code.
protocol FormWithQRCodeScreen: ScreenView {
    /// The form, with the address in it as text.
    var column: FormColumn { get }
    /// The address the QR code encodes; nil shows the form alone.
    var qrAddress: String? { get }
    /// With the code shown: the form beside it, and what goes on full-width rows below both (a long address,
    /// which a mouse then selects without cells of the code); nil puts `column` beside the code.
    var besideCode: (form: FormColumn, below: any Widget)? { get }
}

extension FormWithQRCodeScreen {
    /// Narrowest the form beside a QR code gets.
    static var formWidth: Int { 40 }

    var besideCode: (form: FormColumn, below: any Widget)? { nil }

    func render(in area: Rect, buffer: inout Buffer) {
        formBesideQRCode.render(in: area, buffer: &buffer)
    }

    func extent(in area: Rect) -> ScrollExtent {
        formBesideQRCode.extent(in: area)
    }

    /// The form, scrolled and marked as the screen says, beside the code.
    private var formBesideQRCode: FormBesideQRCode {
        var form = column
        form.showsScrollMarks = showsScrollMarks
        form.firstRow = firstRow
        var beside = besideCode
        beside?.form.showsScrollMarks = showsScrollMarks
        beside?.form.firstRow = firstRow
        return FormBesideQRCode(form: form, address: qrAddress, formWidth: Self.formWidth, besideCode: beside)
    }

    /// Plain mode has no QR code: the form, whose address is there as text.
    var plainItems: [PlainItem] { column.plainItems }
}
