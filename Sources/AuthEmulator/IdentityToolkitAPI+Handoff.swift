import AuthCore
import CLibCrypto
import FoundationEssentials
import JSON
import HTTPServer

/// The browser hand-off as a live project offers it (`createAuthUri` with a provider, then `signInWithIdp` with
/// the address the browser came back to), with the emulator's own authorization page in place of the provider's.
extension IdentityToolkitAPI {
    /// The authorization page `createAuthUri` sends the browser to.
    static let authorizationPath = "/emulator/auth/handler"
    /// The hosts a browser hand-off may return to: the emulator's authorised domains (`v1/projects`).
    static let authorizedDomains = ["localhost", "127.0.0.1"]

    /// `createAuthUri` with `providerId`: a hand-off whose `authUri` is this server's authorization page.
    ///
    /// Errors: MISSING_CONTINUE_URI, INVALID_CONTINUE_URI (not an absolute http(s) address), UNAUTHORIZED_DOMAIN
    /// (its host is not one of `authorizedDomains`, as production checks the project's), INVALID_PROVIDER_ID (a
    /// Firebase method's id).
    func createAuthUri(providerID: String, _ call: Call) throws(APIError) -> [String: Any] {
        guard !IdentityProviderAssertion.reservedProviderIDs.contains(providerID) else {
            throw APIError("INVALID_PROVIDER_ID")
        }
        guard let continueURI = try call.fields.nonEmptyString("continueUri") else {
            throw APIError("MISSING_CONTINUE_URI")
        }
        guard let components = URLComponents(string: continueURI), ["http", "https"].contains(components.scheme),
              let host = components.host, !host.isEmpty else { throw APIError("INVALID_CONTINUE_URI") }
        guard Self.authorizedDomains.contains(host.lowercased()) else {
            throw APIError("UNAUTHORIZED_DOMAIN", "Domain not allowlisted by project")
        }
        _ = try call.fields.string("oauthScope")
        _ = try call.fields.object("customParameter")
        var sessionID = try call.fields.nonEmptyString("sessionId")
        if sessionID == nil { sessionID = SystemRandom.urlSafeToken() }
        let handoff = IdentityProviderHandoffs.Handoff(
            scope: EmulatorScope(project: projectID, tenant: tenantID), providerID: providerID,
            continueURI: continueURI, sessionID: sessionID ?? "", state: SystemRandom.urlSafeToken(), createdAt: call.now)
        projects.handoffs.add(handoff)
        var page = Self.origin(host: call.host)
        page.path = Self.authorizationPath
        page.queryItems = [URLQueryItem(name: "providerId", value: providerID),
                           URLQueryItem(name: "state", value: handoff.state)]
        return ["kind": "identitytoolkit#CreateAuthUriResponse", "authUri": page.string ?? "",
                "providerId": providerID, "sessionId": handoff.sessionID]
    }

    /// `http://` and the request's `Host` (name and port), or loopback when it is missing or not a plain host.
    private static func origin(host: String?) -> URLComponents {
        if let host, let parsed = URLComponents(string: "http://" + host), parsed.host?.isEmpty == false,
           parsed.path.isEmpty, parsed.query == nil, parsed.user == nil, parsed.fragment == nil {
            return parsed
        }
        var loopback = URLComponents()
        loopback.scheme = "http"
        loopback.host = "127.0.0.1"
        return loopback
    }

    /// `/emulator/auth/handler`: GET shows the form that chooses the identity; POST sends the browser back to
    /// the app's `continueUri` with a one-time `code` (or `error=access_denied` after Cancel) and the `state`.
    func authorizationPage(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        try Self.requireMethod(request, "GET", "POST")
        let text = projects.handoffPageText
        let now = engine.now
        if request.method.uppercased() == "GET" {
            guard let state = request.query["state"], let handoff = projects.handoffs.handoff(state: state, now: now)
            else { return .page(text.expired, status: 400, language: text.language) }
            return .identityForm(text, providerName: Self.displayName(of: handoff.providerID), state: state)
        }
        let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
        let state = form["state"] ?? ""
        if form["cancel"] != nil {
            guard let handoff = projects.handoffs.cancel(state: state) else {
                return .page(text.expired, status: 400, language: text.language)
            }
            return .redirect(to: handoff.continueURI, with: [("error", "access_denied"), ("state", state)])
        }
        let email = (form["email"] ?? "").trimmingWhitespace().lowercased()
        guard Self.looksLikeEmail(email), FieldLengths.fits(form["displayName"] ?? "", FieldLengths.displayName)
        else {
            guard let handoff = projects.handoffs.handoff(state: state, now: now) else {
                return .page(text.expired, status: 400, language: text.language)
            }
            return .identityForm(text, providerName: Self.displayName(of: handoff.providerID), state: state,
                                 status: 400)
        }
        let claims = Self.claims(email: email, name: form["displayName"], verified: form["emailVerified"] != nil)
        let code = SystemRandom.urlSafeToken()
        guard let handoff = projects.handoffs.issueCode(code, state: state, claims: claims, now: now) else {
            return .page(text.expired, status: 400, language: text.language)
        }
        return .redirect(to: handoff.continueURI, with: [("code", code), ("state", state)])
    }

    /// The identity `signInWithIdp` completes from `requestUri` (the address the page sent the browser to) and
    /// `sessionId`: the code works once, for the session and the address `createAuthUri` was given.
    ///
    /// Errors: INVALID_IDP_RESPONSE (no code, an unknown or used code, or another session's), INVALID_REQUEST_URI
    /// (another address than the `continueUri`).
    func handoffAssertion(requestURI: String, _ call: Call) throws(APIError) -> IdentityProviderAssertion {
        guard let components = URLComponents(string: requestURI),
              let code = components.queryItems?.first(where: { $0.name == "code" })?.value,
              let grant = projects.handoffs.redeem(code: code, now: call.now) else {
            throw APIError("INVALID_IDP_RESPONSE", "the requestUri carries no valid authorization code")
        }
        let handoff = grant.handoff
        guard try call.fields.string("sessionId") == handoff.sessionID,
              handoff.scope == EmulatorScope(project: projectID, tenant: tenantID),
              components.queryItems?.first(where: { $0.name == "state" })?.value == handoff.state else {
            throw APIError("INVALID_IDP_RESPONSE", "the code belongs to another session")
        }
        guard Self.sameAddress(requestURI, handoff.continueURI) else { throw APIError("INVALID_REQUEST_URI") }
        return try IdentityProviderAssertion(providerID: handoff.providerID, idToken: grant.claims)
    }

    /// Whether `requestURI` is `continueURI` with a query added: same scheme, host, port and path.
    private static func sameAddress(_ requestURI: String, _ continueURI: String) -> Bool {
        guard let request = URLComponents(string: requestURI), let expected = URLComponents(string: continueURI)
        else { return false }
        return request.scheme == expected.scheme && request.host == expected.host && request.port == expected.port
            && (request.path.isEmpty ? "/" : request.path) == (expected.path.isEmpty ? "/" : expected.path)
    }

    /// `local@domain` without spaces, shorter than 256 characters (Identity Toolkit's limit): the page's own check
    /// (the browser checks `type="email"` first).
    private static func looksLikeEmail(_ email: String) -> Bool {
        guard email.utf8.count < 256 else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !email.contains(where: \.isWhitespace)
    }

    /// The claims the page vouches for, with a subject derived from the email, so the same identity returns.
    private static func claims(email: String, name: String?, verified: Bool) -> String {
        var claims: [String: Any] = ["sub": subject(for: email), "email": email, "email_verified": verified]
        if let name = name?.trimmingWhitespace(), !name.isEmpty { claims["name"] = name }
        let data = JSONValue(any: claims)?.data() ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// 21 decimal digits from SHA-256 of the email, the shape of a Google subject.
    private static func subject(for email: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(email.utf8)
        _ = libcrypto_digest(bytes, bytes.count, &digest, &length, libcrypto_sha256())
        return digest.prefix(21).map { String($0 % 10) }.joined()
    }

    /// A provider's name for the page: FirebaseUI's for the built-in ones, the OIDC name otherwise.
    private static func displayName(of providerID: String) -> String {
        IdentityProviderButton.builtIn.first { $0.providerID == providerID }?.displayName
            ?? providerID.removingPrefix("oidc.") ?? providerID
    }
}

extension HTTPResponse {
    /// 302 to `address` with `items` added to its query.
    static func redirect(to address: String, with items: [(String, String)]) -> HTTPResponse {
        var components = URLComponents(string: address) ?? URLComponents()
        components.queryItems = (components.queryItems ?? []) + items.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` in a value would read as a space in a form-encoded query.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacing("+", with: "%2B")
        return HTTPResponse(status: 302, headers: ["Location": components.string ?? address])
    }

    /// The form that chooses the identity the provider reports.
    static func identityForm(_ text: HandoffPageText, providerName: String, state: String,
                             status: Int = 200) -> HTTPResponse {
        let form = """
            <form method="post"><input type="hidden" name="state" value="\(state.htmlEscaped)">
            <p><label>\(text.emailLabel.htmlEscaped) <input type="email" name="email" maxlength="255" required \
            autofocus></label></p>
            <p><label>\(text.nameLabel.htmlEscaped) <input type="text" name="displayName" \
            maxlength="\(FieldLengths.displayName)"></label></p>
            <p><label><input type="checkbox" name="emailVerified" value="true" checked> \
            \(text.emailVerifiedLabel.htmlEscaped)</label></p>
            <p><button>\(text.continueButton.htmlEscaped)</button> \
            <button name="cancel" value="1" formnovalidate>\(text.cancelButton.htmlEscaped)</button></p></form>
            """
        return .page(text.filling(text.notice, with: providerName), status: status, language: text.language,
                     title: text.filling(text.title, with: providerName), formHTML: form)
    }
}
