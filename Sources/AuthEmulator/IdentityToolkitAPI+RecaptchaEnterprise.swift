import AuthCore
import FoundationEssentials

/// How the emulated project enforces reCAPTCHA Enterprise, per provider (production's `recaptchaConfig` in
/// `PATCH …/config`: `emailPasswordEnforcementState`, `phoneEnforcementState`); every provider off by default.
public struct RecaptchaEnterpriseSettings: Sendable, Hashable {
    /// Password sign-in, sign-up and reset emails.
    public var emailPassword: RecaptchaEnforcement
    /// Texting a code: phone sign-in, SMS enrolment and SMS resolution.
    public var phone: RecaptchaEnforcement

    public init(emailPassword: RecaptchaEnforcement = .off, phone: RecaptchaEnforcement = .off) {
        self.emailPassword = emailPassword
        self.phone = phone
    }

    /// The enforcement of `provider`.
    public subscript(provider: RecaptchaProvider) -> RecaptchaEnforcement {
        switch provider {
        case .emailPassword: emailPassword
        case .phone: phone
        }
    }
}

/// reCAPTCHA Enterprise as a project that enforces it answers: `getRecaptchaConfig` names each provider's state and,
/// when one is on, a key (the stand-in page's, as production's `projects/{project}/keys/{key}`); under ENFORCE a
/// request without a token the stand-in page issued is refused with production's codes. AUDIT refuses nothing.
extension IdentityToolkitAPI {
    /// The reCAPTCHA Enterprise key the emulator names: the stand-in page's, unknown to Google.
    static let standInRecaptchaEnterpriseKey = "fauth-tui-emulator-stand-in-recaptcha-enterprise"

    /// `v2/recaptchaConfig` as production shapes it: every provider's state, and the key only when one provider is
    /// in AUDIT or ENFORCE.
    var recaptchaConfigAnswer: [String: Any] {
        let enterprise = settings.value.recaptchaEnterprise
        var answer: [String: Any] = ["recaptchaEnforcementState": RecaptchaProvider.allCases.map {
            ["provider": $0.rawValue, "enforcementState": enterprise[$0].rawValue]
        }]
        if RecaptchaProvider.allCases.contains(where: { enterprise[$0] != .off }) {
            answer["recaptchaKey"] = "projects/\(projectID)/keys/\(Self.standInRecaptchaEnterpriseKey)"
        }
        return answer
    }

    /// Checks a password request's reCAPTCHA Enterprise fields when the project enforces it for email and password:
    /// the token in `tokenField` (`captchaResponse`; `captchaResp` in `sendOobCode`), `clientType` and
    /// `recaptchaVersion`. An admin's request is not checked.
    ///
    /// Errors: see `requireEnterpriseToken`.
    func requirePasswordRecaptcha(_ call: Call, tokenField: String = "captchaResponse") throws(APIError) {
        guard !call.isAdmin, settings.value.recaptchaEnterprise.emailPassword == .enforce else { return }
        try requireEnterpriseToken(call.fields, tokenField: tokenField, now: call.now)
    }

    /// A request's reCAPTCHA Enterprise token, which the stand-in page issued and which is spent here.
    ///
    /// Errors: MISSING_RECAPTCHA_TOKEN without a token, MISSING_CLIENT_TYPE without a client type,
    /// MISSING_RECAPTCHA_VERSION without a version, INVALID_RECAPTCHA_VERSION for another version than
    /// RECAPTCHA_ENTERPRISE, INVALID_RECAPTCHA_TOKEN for a token the stand-in page did not issue, one already used,
    /// or one older than two minutes.
    func requireEnterpriseToken(_ fields: JSONFields, tokenField: String, now: Date) throws(APIError) {
        guard let token = try fields.nonEmptyString(tokenField) else { throw APIError("MISSING_RECAPTCHA_TOKEN") }
        guard let clientType = try fields.nonEmptyString("clientType"), clientType != "CLIENT_TYPE_UNSPECIFIED" else {
            throw APIError("MISSING_CLIENT_TYPE")
        }
        guard let version = try fields.nonEmptyString("recaptchaVersion"), version != "RECAPTCHA_VERSION_UNSPECIFIED"
        else { throw APIError("MISSING_RECAPTCHA_VERSION") }
        guard version == "RECAPTCHA_ENTERPRISE" else { throw APIError("INVALID_RECAPTCHA_VERSION") }
        guard projects.recaptchaTokens.redeem(token, now: now) else { throw APIError("INVALID_RECAPTCHA_TOKEN") }
    }

    /// Applies a configuration's `recaptchaConfig` enforcement states (production's admin field names).
    ///
    /// Errors: INVALID_ARGUMENT for a state other than OFF, AUDIT or ENFORCE.
    func applyRecaptchaConfig(_ fields: JSONFields) throws(APIError) {
        guard let config = try fields.object("recaptchaConfig") else { return }
        for (provider, name) in [(RecaptchaProvider.emailPassword, "emailPasswordEnforcementState"),
                                 (.phone, "phoneEnforcementState")] {
            guard let text = try config.nonEmptyString(name) else { continue }
            guard let state = RecaptchaEnforcement(rawValue: text) else {
                throw APIError.invalidArgument("recaptchaConfig.\(name) must be OFF, AUDIT or ENFORCE")
            }
            switch provider {
            case .emailPassword: settings.value.recaptchaEnterprise.emailPassword = state
            case .phone: settings.value.recaptchaEnterprise.phone = state
            }
        }
    }
}
