import AuthCore

/// `GET v2/recaptchaConfig`: the project's reCAPTCHA Enterprise enforcement per provider, and its web key when
/// one provider is in AUDIT or ENFORCE.
struct RecaptchaConfigResponse: Decodable {
    struct EnforcementState: Decodable {
        var provider: String?
        var enforcementState: String?
    }

    var recaptchaKey: String?
    var recaptchaEnforcementState: [EnforcementState]?
}

/// A project's reCAPTCHA Enterprise configuration, as the client read it: what each provider's requests need.
struct ProjectRecaptchaConfig: Sendable, Hashable {
    /// The web key, the last part of `projects/{project}/keys/{key}`; nil when the project names none.
    var siteKey: String?
    /// Each provider's enforcement; a provider not listed (or in a state unknown here) is off.
    var enforcement: [RecaptchaProvider: RecaptchaEnforcement]

    init(_ response: RecaptchaConfigResponse) {
        siteKey = response.recaptchaKey.flatMap { $0.split(separator: "/").last.map(String.init) }
        var enforcement: [RecaptchaProvider: RecaptchaEnforcement] = [:]
        for state in response.recaptchaEnforcementState ?? [] {
            guard let provider = state.provider.flatMap(RecaptchaProvider.init(rawValue:)),
                  let value = state.enforcementState.flatMap(RecaptchaEnforcement.init(rawValue:)) else { continue }
            enforcement[provider] = value
        }
        self.enforcement = enforcement
    }

    /// How the project enforces reCAPTCHA Enterprise for `provider`.
    func enforcement(for provider: RecaptchaProvider) -> RecaptchaEnforcement {
        enforcement[provider] ?? .off
    }

    /// Whether `action` is solved with reCAPTCHA Enterprise: the provider is enforced (an email/password request is
    /// also protected in AUDIT, where no other reCAPTCHA applies) and the project named its key. Otherwise a phone
    /// request asks for reCAPTCHA v2.
    func usesEnterprise(for action: RecaptchaAction) -> Bool {
        guard siteKey != nil else { return false }
        switch enforcement(for: action.provider) {
        case .enforce: return true
        case .audit: return action.provider == .emailPassword
        case .off: return false
        }
    }
}
