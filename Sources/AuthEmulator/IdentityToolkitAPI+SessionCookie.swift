import AuthCore
import FoundationEssentials
import LocalAuth

extension IdentityToolkitAPI {
    /// Shortest and longest session a cookie may last, as in production (5 minutes, 2 weeks).
    static let sessionCookieDurations: ClosedRange<Int> = 300...1_209_600

    /// `:createSessionCookie` (admin): a session cookie for the user of a valid `idToken`, lasting
    /// `validDuration` seconds. It is the ID token's claims (second factor and custom claims included) issued
    /// by `https://session.firebase.google.com/`, signed like ID tokens, so it is revoked with them (`validSince`).
    func createSessionCookie(_ call: Call) throws(APIError) -> [String: Any] {
        try call.requireAdmin("creating session cookies")
        guard let idToken = try call.fields.nonEmptyString("idToken") else { throw APIError("MISSING_ID_TOKEN") }
        let seconds = try call.fields.integer("validDuration") ?? Self.sessionCookieDurations.upperBound
        guard Self.sessionCookieDurations.contains(seconds) else { throw APIError("INVALID_DURATION") }
        _ = try signedInAccount(idToken, at: call.now)
        var cookies = try idTokens()
        cookies.issuerBase = "https://session.firebase.google.com/"
        let cookie = try engineCall { () throws(AuthError) in
            try cookies.reissue(idToken, now: call.now, lifetime: TimeInterval(seconds))
        }
        return ["sessionCookie": cookie]
    }
}
