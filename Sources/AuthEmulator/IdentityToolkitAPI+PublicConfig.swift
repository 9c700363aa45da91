import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

extension IdentityToolkitAPI {
    /// Project-wide answers clients ask for before signing in: `v1/projects`, `v1/recaptchaParams`,
    /// `v1/sessionCookiePublicKeys`, `v2/passwordPolicy`, `v2/recaptchaConfig`, `v2/defaultSupportedIdps`, and
    /// `v2/accounts:revokeToken`. `path` is what follows `/identitytoolkit.googleapis.com/`.
    func publicConfig(_ request: HTTPRequest, path: String) throws(APIError) -> HTTPResponse {
        guard Self.publicConfigPaths.contains(path) else { throw Self.notFound(Self.identityToolkitPrefix + path) }
        try requireAPIKey(request, isAdmin: request.carriesOwnerCredential)
        switch path {
        case "v1/projects":
            try Self.requireMethod(request, "GET")
            return .json(["projectId": projectID, "authorizedDomains": Self.authorizedDomains,
                          "allowPasswordUser": true, "enableAnonymousUser": true])
        case "v1/recaptchaParams":
            // No reCAPTCHA runs here: the key and token say so (the stand-in's key with `--require-recaptcha`).
            try Self.requireMethod(request, "GET")
            let siteKey = settings.value.requireRecaptcha ? Self.standInRecaptchaSiteKey : Self.noRecaptcha
            return .json(["kind": "identitytoolkit#GetRecaptchaParamResponse", "recaptchaSiteKey": siteKey,
                          "recaptchaStoken": Self.noRecaptchaStoken])
        case "v2/recaptchaConfig":
            try Self.requireMethod(request, "GET")
            return .json(recaptchaConfigAnswer)
        case "v1/sessionCookiePublicKeys":
            // Session cookies are signed with the same secret as ID tokens (HS256): there is no public key.
            try Self.requireMethod(request, "GET")
            return .json(["keys": [[String: Any]]()])
        case "v2/passwordPolicy":
            try Self.requireMethod(request, "GET")
            return .json(Self.passwordPolicy)
        case "v2/defaultSupportedIdps":
            try Self.requireMethod(request, "GET")
            return .json(["defaultSupportedIdps": IdentityProviderButton.builtIn.map {
                ["idpId": $0.providerID, "description": $0.displayName]
            }])
        case "v2/accounts:revokeToken":
            try Self.requireMethod(request, "POST")
            return .json(try revokeProviderToken(request))
        default:
            throw Self.notFound(Self.identityToolkitPrefix + path)
        }
    }

    /// The paths `publicConfig` serves.
    private static let publicConfigPaths: Set<String> = [
        "v1/projects", "v1/recaptchaParams", "v2/recaptchaConfig", "v1/sessionCookiePublicKeys", "v2/passwordPolicy",
        "v2/defaultSupportedIdps", "v2/accounts:revokeToken",
    ]

    /// The reCAPTCHA key reported: a name saying there is none.
    private static let noRecaptcha = "fauth-tui-emulator-has-no-recaptcha"
    /// The secure token `recaptchaParams` reports, as Firebase's emulator reports a fake one: it says it is none.
    private static let noRecaptchaStoken = "fauth-tui-emulator-fake-stoken__not-for-the-recaptcha-service"

    /// What `v2/passwordPolicy` reports: the rules the engine enforces.
    private static var passwordPolicy: [String: Any] {
        [
            "customStrengthOptions": ["minPasswordLength": 6],
            "enforcementState": "ENFORCE", "schemaVersion": 1, "forceUpgradeOnSignin": false,
        ]
    }

    /// `v2/accounts:revokeToken`: checks the caller's `idToken` and the provider; the emulator never holds an
    /// identity provider's tokens (none are exchanged with a real provider), so there is nothing more to revoke.
    private func revokeProviderToken(_ request: HTTPRequest) throws(APIError) -> [String: Any] {
        let fields = try JSONFields(body: request.body)
        let api = try scoped(EmulatorScope(project: projectID, tenant: try fields.nonEmptyString("tenantId")),
                             for: .read)
        _ = try api.signedInAccount(try fields.string("idToken"), at: engine.now)
        guard try fields.nonEmptyString("providerId") != nil, try fields.nonEmptyString("token") != nil else {
            throw APIError("INVALID_REQUEST", "providerId and token are required")
        }
        return [:]
    }
}
