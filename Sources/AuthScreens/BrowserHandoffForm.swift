import AuthFlow
import Localization
import TerminalUI

/// The form both browser hand-offs show (a provider's sign-in, a reCAPTCHA): the title, what to do, the address to
/// open (whole, wrapped), "Open browser" when this machine has one, the field for the address a distant browser
/// ended on, and where the app waits for the browser.
struct BrowserHandoffForm<Form: BrowserHandoffFeature> {
    let form: Form
    let title: String
    let message: String
    let address: String
    let continueURI: String
    let strings: Strings
    let showsFocus: Bool

    /// The address comes first, so it stays on screen with the first control in a small terminal; where the app
    /// waits comes last.
    var column: FormColumn {
        let header: [any Widget] = [
            Label(title, role: .title, alignment: .center),
            Label(message),
            AddressBlock(address),
        ]
        let builder = FormBuilder(form: form, strings: strings, isRevealed: false, showsFocus: showsFocus)
        return builder.column(header: header, look: { control in
            switch control {
            case .openBrowserButton: .button(strings[.openBrowserButton])
            case .addressField: .field(label: .browserSignInPastePrompt, placeholder: .browserSignInPastePlaceholder)
            case .continueButton: .button(strings[.continueButton])
            case .cancelButton: .button(strings[.cancel])
            }
        }, extras: { control in
            switch control {
            case .addressField?: [Label(strings[.browserSignInPasteLabel], role: .muted)]
            case nil: [Label(strings.format(.browserSignInListening, .string(continueURI)), role: .muted)]
            default: []
            }
        })
    }
}
