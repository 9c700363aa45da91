/// The words of the emulator's authorization page, in the emulator's interface language.
public struct HandoffPageText: Sendable, Hashable {
    /// The page's language (`lang` attribute).
    public var language: String
    /// The title; `%@` is the provider's name.
    public var title: String
    /// What the page is; `%@` is the provider's name.
    public var notice: String
    public var emailLabel: String
    public var nameLabel: String
    public var emailVerifiedLabel: String
    public var continueButton: String
    public var cancelButton: String
    /// Shown for a hand-off that is unknown, expired or already used.
    public var expired: String
    /// The stand-in reCAPTCHA page's title.
    public var recaptchaTitle = "Verify you're not a robot"
    /// What the stand-in reCAPTCHA page is.
    public var recaptchaNotice = "This is the fauth-tui emulator: no real reCAPTCHA runs here. Tick the box to pass the check."
    /// The stand-in reCAPTCHA's checkbox.
    public var recaptchaCheckbox = "I'm not a robot"

    public init(language: String, title: String, notice: String, emailLabel: String, nameLabel: String,
                emailVerifiedLabel: String, continueButton: String, cancelButton: String, expired: String) {
        self.language = language
        self.title = title
        self.notice = notice
        self.emailLabel = emailLabel
        self.nameLabel = nameLabel
        self.emailVerifiedLabel = emailVerifiedLabel
        self.continueButton = continueButton
        self.cancelButton = cancelButton
        self.expired = expired
    }

    /// The English page, for servers started without strings (tests, embedders).
    public static let english = HandoffPageText(
        language: "en", title: "Sign in with %@",
        notice: "This is the fauth-tui emulator: no real %@ account is used. Enter the identity the provider should report.",
        emailLabel: "Email", nameLabel: "Name", emailVerifiedLabel: "The provider has verified this email",
        continueButton: "Continue", cancelButton: "Cancel",
        expired: "This sign-in has expired or was already used. Start it again in the app.")

    /// `template` with its one argument (`%@` or `%1$@`) replaced by `value`.
    func filling(_ template: String, with value: String) -> String {
        template.replacing("%1$@", with: value).replacing("%@", with: value)
    }
}
