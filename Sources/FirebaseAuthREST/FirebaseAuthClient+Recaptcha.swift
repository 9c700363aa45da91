import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// The client type sent with reCAPTCHA Enterprise: the token comes from the project's web key, run by a
    /// browser page, so it is a web token whatever program sends it.
    static let recaptchaClientType = "CLIENT_TYPE_WEB"

    /// The challenge for `action`: the project's reCAPTCHA Enterprise web key where it enforces Enterprise for the
    /// action's provider (`GET v2/recaptchaConfig`, read again here and kept for the session), else its reCAPTCHA
    /// v2 site key (`GET v1/recaptchaParams`); on an emulator, with its stand-in page. A phone's challenge is v2's
    /// also when the configuration cannot be read.
    ///
    /// Errors: the server's; MISSING_RECAPTCHA_TOKEN for a password request when the project names no
    /// reCAPTCHA Enterprise key (only Enterprise protects those).
    public func recaptchaChallenge(for action: RecaptchaAction) async throws(AuthError) -> RecaptchaChallenge {
        let config: ProjectRecaptchaConfig?
        do {
            config = try await readRecaptchaConfig()
        } catch where action.provider == .phone {
            config = nil
        }
        if let config, config.usesEnterprise(for: action), let siteKey = config.siteKey {
            return RecaptchaChallenge(siteKey: siteKey, standInPage: endpoint.emulatorRecaptchaPage,
                                      enterpriseAction: action)
        }
        guard action.provider == .phone else {
            throw AuthError(.missingRecaptchaToken, detail: "recaptchaConfig: no reCAPTCHA Enterprise key for \(action)")
        }
        guard let url = endpoint.identityToolkit("v1/recaptchaParams") else {
            throw AuthError(.internalError, detail: "no URL for recaptchaParams on this endpoint")
        }
        let params = try await transport.send(RESTRequest(operation: "recaptchaParams", method: "GET", url: url,
                                                          body: .none), as: RecaptchaParamsResponse.self)
        return RecaptchaChallenge(siteKey: params.recaptchaSiteKey, standInPage: endpoint.emulatorRecaptchaPage)
    }

    /// The project's reCAPTCHA Enterprise configuration for web clients (`GET v2/recaptchaConfig`), kept for
    /// the rest of the session.
    func readRecaptchaConfig() async throws(AuthError) -> ProjectRecaptchaConfig {
        guard var components = endpoint.identityToolkit("v2/recaptchaConfig").flatMap({
            URLComponents(url: $0, resolvingAgainstBaseURL: false)
        }) else {
            throw AuthError(.internalError, detail: "no URL for recaptchaConfig on this endpoint")
        }
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "clientType", value: Self.recaptchaClientType),
            URLQueryItem(name: "version", value: "RECAPTCHA_ENTERPRISE"),
        ]
        guard let url = components.url else {
            throw AuthError(.internalError, detail: "no URL for recaptchaConfig on this endpoint")
        }
        let response = try await transport.send(RESTRequest(operation: "recaptchaConfig", method: "GET", url: url,
                                                            body: .none), as: RecaptchaConfigResponse.self)
        let config = ProjectRecaptchaConfig(response)
        recaptchaConfig.withLock { $0 = config }
        return config
    }

    /// The reCAPTCHA Enterprise fields of a password request for `action`: with a solved token, the token
    /// (`captchaResponse`, or `captchaResp` in `sendOobCode`), `clientType` and `recaptchaVersion`; without one,
    /// none. Only Enterprise protects these requests, so a token is always an Enterprise token.
    ///
    /// Errors: MISSING_RECAPTCHA_TOKEN, before anything is sent, when the session already read that the project
    /// enforces reCAPTCHA Enterprise for email and password and no token was solved.
    func passwordRecaptchaFields(for action: RecaptchaAction, token: String?) throws(AuthError)
        -> [String: RequestValue] {
        guard let token else {
            try refuseUnsolved(action)
            return [:]
        }
        return Self.enterpriseFields(token: token, tokenField: action == .getOobCode ? "captchaResp" : "captchaResponse")
    }

    /// A request's phone fields with the solved token: as `captchaResponse` (with `clientType` and
    /// `recaptchaVersion`) when the session read that the project enforces reCAPTCHA Enterprise for phone, where
    /// the challenge was Enterprise's; as `recaptchaToken` (reCAPTCHA v2) otherwise.
    ///
    /// Errors: MISSING_RECAPTCHA_TOKEN, before anything is sent, when the project enforces Enterprise for phone
    /// and no token was solved.
    func phoneFields(_ fields: [String: RequestValue], recaptchaToken: String?, for action: RecaptchaAction)
        throws(AuthError) -> RequestValue {
        var fields = fields
        guard let recaptchaToken else {
            try refuseUnsolved(action)
            return .object(fields)
        }
        if recaptchaConfig.withLock({ $0?.usesEnterprise(for: action) == true }) {
            fields.merge(Self.enterpriseFields(token: recaptchaToken, tokenField: "captchaResponse")) { $1 }
        } else {
            fields["recaptchaToken"] = .string(recaptchaToken)
        }
        return .object(fields)
    }

    /// MISSING_RECAPTCHA_TOKEN when the session read that the project enforces reCAPTCHA Enterprise for `action`,
    /// so a request without a token is not sent (a password with it) only to be refused.
    private func refuseUnsolved(_ action: RecaptchaAction) throws(AuthError) {
        let enforced = recaptchaConfig.withLock { config in
            config.map { $0.enforcement(for: action.provider) == .enforce && $0.usesEnterprise(for: action) } ?? false
        }
        guard enforced else { return }
        throw AuthError(.missingRecaptchaToken, detail: "\(action): the project enforces reCAPTCHA Enterprise")
    }

    private static func enterpriseFields(token: String, tokenField: String) -> [String: RequestValue] {
        [tokenField: .string(token), "clientType": .string(recaptchaClientType),
         "recaptchaVersion": "RECAPTCHA_ENTERPRISE"]
    }
}
