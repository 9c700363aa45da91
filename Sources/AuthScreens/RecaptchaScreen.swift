import AuthFlow
import Localization

/// A reCAPTCHA to solve in a browser before the project texts a code: the hand-off screen (`BrowserHandoffScreen`)
/// with the listener's page to open.
extension RecaptchaVerification.Start: BrowserHandoffWording {
    func title(for refused: Operation, in strings: Strings) -> String { strings[.recaptchaTitle] }

    var message: StringKey { .recaptchaMessage }
}
