import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// A reCAPTCHA to solve in a browser before the project texts a code (or, with reCAPTCHA Enterprise, takes a
/// password): the listener's page to open, as text and, where the terminal has room, as a QR code for a phone's
/// browser.
struct RecaptchaScreen: FormWithQRCodeScreen {
    let verification: RecaptchaVerification.State
    let strings: Strings
    let showsFocus: Bool
    var showsScrollMarks = true

    /// The QR code holds the page to open.
    var qrAddress: String? { verification.start.pageURI }

    var column: FormColumn {
        BrowserHandoffForm(form: verification, title: strings[.recaptchaTitle], message: strings[message],
                           address: verification.start.pageURI, continueURI: verification.start.continueURI,
                           strings: strings, showsFocus: showsFocus).column
    }

    /// What the project protects: texting a code, or a password request under reCAPTCHA Enterprise.
    private var message: StringKey {
        let protected = verification.refused.call.base as? any RecaptchaProtectedCall
        return protected?.recaptchaAction.provider == .emailPassword ? .recaptchaPasswordMessage : .recaptchaMessage
    }
}

extension RecaptchaVerification.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        RecaptchaScreen(verification: self, strings: context.strings, showsFocus: showsFocus)
    }
}
