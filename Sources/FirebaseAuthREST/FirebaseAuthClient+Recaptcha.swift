import AuthCore
import FoundationEssentials

extension FirebaseAuthClient {
    /// The project's reCAPTCHA (`GET v1/recaptchaParams`): its site key, and on an emulator its stand-in page.
    public func recaptchaChallenge() async throws(AuthError) -> RecaptchaChallenge {
        guard let url = endpoint.identityToolkit("v1/recaptchaParams") else {
            throw AuthError(.internalError, detail: "no URL for recaptchaParams on this endpoint")
        }
        let params = try await transport.send(RESTRequest(operation: "recaptchaParams", method: "GET", url: url,
                                                          body: .none), as: RecaptchaParamsResponse.self)
        return RecaptchaChallenge(siteKey: params.recaptchaSiteKey, standInPage: endpoint.emulatorRecaptchaPage)
    }

    /// A request's phone fields, with `recaptchaToken` when a challenge was solved.
    static func phoneFields(_ fields: [String: RequestValue], recaptchaToken: String?) -> RequestValue {
        var fields = fields
        if let recaptchaToken { fields["recaptchaToken"] = .string(recaptchaToken) }
        return .object(fields)
    }
}
