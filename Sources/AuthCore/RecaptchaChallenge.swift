import FoundationEssentials

/// The reCAPTCHA a project asks for before a protected request (phone sign-in, SMS enrolment, SMS resolution; with
/// reCAPTCHA Enterprise enforced, also password sign-in, sign-up and reset), solved in a browser: Google's widget
/// with the project's key on a live project, the emulator's stand-in page there.
public struct RecaptchaChallenge: Sendable, Hashable {
    /// The project's reCAPTCHA v2 site key (`recaptchaParams`' `recaptchaSiteKey`), or its reCAPTCHA Enterprise
    /// web key (the last part of `getRecaptchaConfig`'s `recaptchaKey`).
    public var siteKey: String
    /// The emulator's stand-in challenge page, which takes `continueUri` and `state`; nil on a live project.
    public var standInPage: String?
    /// The action a reCAPTCHA Enterprise token is made for (`grecaptcha.enterprise.execute`); nil for reCAPTCHA v2.
    public var enterpriseAction: RecaptchaAction?

    public init(siteKey: String, standInPage: String? = nil, enterpriseAction: RecaptchaAction? = nil) {
        self.siteKey = siteKey
        self.standInPage = standInPage
        self.enterpriseAction = enterpriseAction
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
