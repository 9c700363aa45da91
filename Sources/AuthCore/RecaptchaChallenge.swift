import FoundationEssentials

/// The reCAPTCHA a project asks for before it texts a code (phone sign-in, SMS enrolment, SMS resolution), solved
/// in a browser: Google's widget with the project's site key on a live project, the emulator's stand-in page there.
public struct RecaptchaChallenge: Sendable, Hashable {
    /// The project's reCAPTCHA v2 site key (`recaptchaParams`' `recaptchaSiteKey`).
    public var siteKey: String
    /// The emulator's stand-in challenge page, which takes `continueUri` and `state`; nil on a live project.
    public var standInPage: String?

    public init(siteKey: String, standInPage: String? = nil) {
        self.siteKey = siteKey
        self.standInPage = standInPage
    }

    /// What an address the browser ended on says: the solved token when it carries `expectedState` and a
    /// `recaptchaToken` (the state is compared in constant time).
    public enum Reading: Sendable, Hashable {
        case answered(token: String)
        /// Another challenge's answer, or an address without one.
        case foreign
        /// Not an http(s) address with a query.
        case notAnAddress
    }

    /// Reads `address` (the listener's catch, or pasted) for the challenge whose `state` is `expectedState`.
    public static func read(_ address: String, expectedState: String) -> Reading {
        let (isAddress, answer) = IdentityProviderRedirect.query(of: address, expectedState: expectedState)
        guard isAddress else { return .notAnAddress }
        guard let token = answer?.first(where: { $0.name == "recaptchaToken" })?.value, !token.isEmpty else {
            return .foreign
        }
        return .answered(token: token)
    }
}
