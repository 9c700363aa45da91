import AuthCore
import FoundationEssentials
import HTTPServer

/// reCAPTCHA as a live project that requires app verification asks for it (`fauth-tui emulator
/// --require-recaptcha`): texting a code needs a `recaptchaToken`, which the emulator's stand-in challenge page
/// issues in place of Google's. Off by default, as in Firebase's emulator.
extension IdentityToolkitAPI {
    /// The stand-in challenge page.
    static let recaptchaPath = "/emulator/auth/recaptcha"
    /// The site key `recaptchaParams` reports when reCAPTCHA is required: the stand-in's, unknown to Google.
    static let standInRecaptchaSiteKey = "fauth-tui-emulator-stand-in-recaptcha"

    /// Checks the reCAPTCHA of a request that texts a code (`phone`, its phone fields): its reCAPTCHA Enterprise
    /// fields when the project enforces Enterprise for phone, else its `recaptchaToken` when reCAPTCHA is required.
    ///
    /// Errors: those of `requireEnterpriseToken`; MISSING_RECAPTCHA_TOKEN without a `recaptchaToken`,
    /// CAPTCHA_CHECK_FAILED for one the stand-in page did not issue, one already used, or one older than two minutes.
    func requirePhoneRecaptcha(_ phone: JSONFields, now: Date) throws(APIError) {
        if settings.value.recaptchaEnterprise.phone == .enforce {
            return try requireEnterpriseToken(phone, tokenField: "captchaResponse", now: now)
        }
        guard settings.value.requireRecaptcha else { return }
        let token = try phone.string("recaptchaToken")
        guard let token, !token.isEmpty else { throw APIError("MISSING_RECAPTCHA_TOKEN") }
        guard projects.recaptchaTokens.redeem(token, now: now) else { throw APIError("CAPTCHA_CHECK_FAILED") }
    }

    /// `/emulator/auth/recaptcha`: GET shows the stand-in challenge (one checkbox) for `continueUri` and `state`;
    /// a POST with the box ticked sends the browser back to `continueUri` with a one-time `recaptchaToken` and the
    /// `state`. `continueUri` must be an http address on a loopback host (the app's listener), so the page sends
    /// no token anywhere else.
    func recaptchaPage(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        try Self.requireMethod(request, "GET", "POST")
        let isPost = request.method.uppercased() == "POST"
        let fields = isPost ? FormEncoding.decode(String(decoding: request.body, as: UTF8.self)) : request.query
        let continueURI = fields["continueUri"] ?? ""
        let state = fields["state"] ?? ""
        guard let address = URL(string: continueURI), address.scheme == "http", address.isLoopback, !state.isEmpty
        else {
            return .page("continueUri must be an http address on this computer, with a state.", status: 400)
        }
        guard isPost, fields["notARobot"] != nil else {
            return .recaptchaForm(projects.handoffPageText, continueURI: continueURI, state: state,
                                  status: isPost ? 400 : 200)
        }
        let token = SystemRandom.urlSafeToken()
        projects.recaptchaTokens.issue(token, now: engine.now)
        return .redirect(to: continueURI, with: [("recaptchaToken", token), ("state", state)])
    }
}

extension HTTPResponse {
    /// The stand-in challenge: a checkbox to tick, then Continue.
    static func recaptchaForm(_ text: HandoffPageText, continueURI: String, state: String, status: Int) -> HTTPResponse {
        let form = """
            <form method="post"><input type="hidden" name="continueUri" value="\(continueURI.htmlEscaped)">\
            <input type="hidden" name="state" value="\(state.htmlEscaped)">
            <p><label><input type="checkbox" name="notARobot" value="true" required> \
            \(text.recaptchaCheckbox.htmlEscaped)</label></p>
            <p><button>\(text.continueButton.htmlEscaped)</button></p></form>
            """
        return .page(text.recaptchaNotice, status: status, language: text.language, title: text.recaptchaTitle,
                     formHTML: form)
    }
}
