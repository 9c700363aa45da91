import Foundation
@testable import FirebaseAuthREST

/// Tokens and answers shaped like Identity Toolkit's.
enum Fixtures {
    /// An unsigned JWT (as the emulator issues) with Firebase's claims.
    static func idToken(uid: String = "uid-1", provider: String = "password", authTime: Int = 1_800_000_000,
                        secondFactor: String? = nil, serial: Int = 1) -> String {
        var firebase: [String: Any] = ["sign_in_provider": provider]
        firebase["sign_in_second_factor"] = secondFactor
        let payload: [String: Any] = ["user_id": uid, "sub": uid, "auth_time": authTime, "iat": authTime + serial,
                                      "firebase": firebase]
        return "\(base64URL(#"{"alg":"none","typ":"JWT"}"#.data(using: .utf8)!)).\(base64URL(json(payload)))."
    }

    /// A successful sign-in answer.
    static func tokens(uid: String = "uid-1", idToken: String = Fixtures.idToken(), refreshToken: String = "refresh-1",
                       expiresIn: String = "3600", email: String? = nil) -> String {
        var fields: [String: Any] = ["localId": uid, "idToken": idToken, "refreshToken": refreshToken,
                                     "expiresIn": expiresIn]
        fields["email"] = email
        return String(decoding: json(fields), as: UTF8.self)
    }

    /// securetoken's snake_case answer.
    static func refreshed(idToken: String, refreshToken: String = "refresh-2", expiresIn: String = "3600") -> String {
        #"{"id_token":"\#(idToken)","access_token":"\#(idToken)","refresh_token":"\#(refreshToken)","#
            + #""expires_in":"\#(expiresIn)","token_type":"Bearer","user_id":"uid-1","project_id":"123"}"#
    }

    /// `accounts:lookup` for one account.
    static func lookup(uid: String = "uid-1", email: String? = "ann@example.com", displayName: String? = nil,
                       phoneNumber: String? = nil, emailVerified: Bool = false, providers: [String] = ["password"],
                       mfaInfo: [[String: Any]] = []) -> String {
        var user: [String: Any] = ["localId": uid, "emailVerified": emailVerified,
                                   "providerUserInfo": providers.map { ["providerId": $0, "rawId": "raw-\($0)"] }]
        user["email"] = email
        user["displayName"] = displayName
        user["phoneNumber"] = phoneNumber
        if !mfaInfo.isEmpty { user["mfaInfo"] = mfaInfo }
        return String(decoding: json(["users": [user]]), as: UTF8.self)
    }

    static func json(_ object: Any) -> Data {
        try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension StubServer {
    /// Queues a successful sign-in on `operation` followed by the lookup the client makes.
    func replySignIn(_ operation: String, uid: String = "uid-1", idToken: String = Fixtures.idToken(),
                     refreshToken: String = "refresh-1", lookup: String = Fixtures.lookup()) {
        reply(operation, Fixtures.tokens(uid: uid, idToken: idToken, refreshToken: refreshToken))
        reply("accounts:lookup", lookup)
    }

    /// A client already signed in as uid-1 with `idToken`, whose token expires at `expiresAt` (an hour ahead).
    func signedInClient(idToken: String = Fixtures.idToken(), store: any SessionStore = MemorySessionStore(),
                        clock: TestClock = TestClock(), expiresIn: TimeInterval = 3600,
                        production: Bool = false) -> FirebaseAuthClient {
        let user = try! JSONDecoder().decode(LookupResponse.self, from: Data(Fixtures.lookup().utf8)).users![0].user
        try! store.save(PersistedSession(idToken: idToken, refreshToken: "refresh-1",
                                         expiresAt: clock.now.addingTimeInterval(expiresIn), user: user))
        let client = client(store: store, clock: clock, production: production)
        client.state.withLock { $0.isValidated = true }
        return client
    }
}
