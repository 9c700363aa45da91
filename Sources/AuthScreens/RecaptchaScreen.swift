import AuthCore
import AuthFlow
import Localization

/// A reCAPTCHA to solve in a browser before the project texts a code (or, with reCAPTCHA Enterprise, takes a
/// password): the hand-off screen (`BrowserHandoffScreen`) with the listener's page to open.
extension RecaptchaVerification.Start: BrowserHandoffWording {
    func title(for refused: Operation, in strings: Strings) -> String { strings[.recaptchaTitle] }

    /// What the project protects: texting a code, or a password request under reCAPTCHA Enterprise.
    func message(for refused: Operation) -> StringKey {
        let protected = refused.call.base as? any RecaptchaProtectedCall
        return protected?.recaptchaAction.provider == .emailPassword ? .recaptchaPasswordMessage : .recaptchaMessage
    }
}
