import AuthFlow
import Localization
import TerminalUI

/// A reCAPTCHA to solve in a browser before the project texts a code: the listener's page to open, as text and,
/// where the terminal has room, as a QR code for a phone's browser.
struct RecaptchaScreen: FormWithQRCodeScreen {
    let verification: RecaptchaVerification.State
    let strings: Strings
    let showsFocus: Bool
    var showsScrollMarks = true
    var firstRow: Int?

    /// The QR code holds the page to open.
    var qrAddress: String? { verification.start.pageURI }

    var column: FormColumn {
        BrowserHandoffForm(form: verification, title: strings[.recaptchaTitle], message: strings[.recaptchaMessage],
                           address: verification.start.pageURI, continueURI: verification.start.continueURI,
                           strings: strings, showsFocus: showsFocus).column
    }
}

extension RecaptchaVerification.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        RecaptchaScreen(verification: self, strings: context.strings, showsFocus: showsFocus)
    }
}
