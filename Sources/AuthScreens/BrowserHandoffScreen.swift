import AuthFlow
import Localization
import TerminalUI

/// What a browser hand-off's screen says: its title and what to do there.
protocol BrowserHandoffWording: BrowserHandoffStart {
    /// The screen's title, for what the answer is for.
    func title(for purpose: Purpose, in strings: Strings) -> String
    /// What to do, above the address, for what the answer is for.
    func message(for purpose: Purpose) -> StringKey
}

/// A browser hand-off (a provider's sign-in, a reCAPTCHA): the title, what to do, the address to open (whole,
/// wrapped, a link where the terminal shows links), "Open browser" when this machine has one, "Copy address" when
/// the terminal takes text for its clipboard, the field for the address a distant browser ended on, and where the
/// app waits for the browser.
///
/// Where the terminal is wide and tall enough, a QR code of the address stands beside the form, for a phone's
/// browser, and the address moves to full-width rows below both, so a mouse selection of it takes no cells of the
/// code; otherwise there is none, never a clipped one (the address is there as text either way).
struct BrowserHandoffScreen<Start: BrowserHandoffWording>: FormWithQRCodeScreen {
    let handoff: BrowserHandoff<Start>
    let strings: Strings
    let showsFocus: Bool
    var showsScrollMarks = true
    var firstRow: Int?

    /// The QR code holds the address to open.
    var qrAddress: String? { handoff.start.openAddress }

    /// The address comes first, so it stays on screen with the first control in a small terminal; where the app
    /// waits comes last.
    var column: FormColumn { form(header: [address]) }

    /// Beside the code, the form without the address, which goes below.
    var besideCode: (form: FormColumn, below: any Widget)? { (form(header: []), address) }

    private var address: AddressBlock { AddressBlock(handoff.start.openAddress, isHyperlink: true) }

    /// The title, what to do, `addressRows`, then the controls.
    private func form(header addressRows: [any Widget]) -> FormColumn {
        let header: [any Widget] = [
            Label(handoff.start.title(for: handoff.purpose, in: strings), role: .title, alignment: .center),
            Label(strings[handoff.start.message(for: handoff.purpose)]),
        ] + addressRows
        let builder = FormBuilder(form: handoff, strings: strings, isRevealed: false, showsFocus: showsFocus)
        return builder.column(header: header, look: { control in
            switch control {
            case .openBrowserButton: .button(strings[.openBrowserButton])
            case .copyAddressButton: .button(strings[.copyAddress])
            case .addressField: .field(label: .browserSignInPastePrompt, placeholder: .browserSignInPastePlaceholder)
            case .continueButton: .button(strings[.continueButton])
            case .cancelButton: .button(strings[.cancel])
            }
        }, extras: { control in
            switch control {
            case .addressField?:
                (handoff.copied ? [Label(strings[.copiedToClipboard], role: .success, alignment: .center)] : [])
                    + [Label(strings[.browserSignInPasteLabel], role: .muted)]
            case nil: [Label(strings.format(.browserSignInListening, .string(handoff.start.continueURI)), role: .muted)]
            case .openBrowserButton?, .copyAddressButton?, .continueButton?, .cancelButton?: []
            }
        })
    }
}

extension BrowserHandoff: RouteScreen where Start: BrowserHandoffWording {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        BrowserHandoffScreen(handoff: self, strings: context.strings, showsFocus: showsFocus)
    }
}
