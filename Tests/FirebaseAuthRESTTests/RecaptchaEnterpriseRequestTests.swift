import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

/// Issue 29: a project that enforces reCAPTCHA Enterprise (`GET v2/recaptchaConfig`) gets, for password sign-in,
/// sign-up and reset and for texting a code, the token of its web key in `captchaResponse` (`captchaResp` for
/// `sendOobCode`) with `clientType` CLIENT_TYPE_WEB and `recaptchaVersion` RECAPTCHA_ENTERPRISE.
@Suite struct RecaptchaEnterpriseRequestTests {
    /// A `recaptchaConfig` answer with these states, and a key when `key` is set.
    private func config(email: String, phone: String = "OFF", key: Bool = true) -> String {
        let states = #"[{"provider": "EMAIL_PASSWORD_PROVIDER", "enforcementState": "\#(email)"}, "#
            + #"{"provider": "PHONE_PROVIDER", "enforcementState": "\#(phone)"}]"#
        return key ? #"{"recaptchaKey": "projects/p-1/keys/6Le-web-key", "recaptchaEnforcementState": \#(states)}"#
            : #"{"recaptchaEnforcementState": \#(states)}"#
    }

    private func enterpriseFields(_ request: RecordedRequest?, token field: String = "captchaResponse")
        -> [String?] {
        [request?.string(field), request?.string("clientType"), request?.string("recaptchaVersion")]
    }

    @Test func theConfigIsAskedForTheWebClientAndGivesTheEnterpriseKeyForTheAction() async throws {
        let stub = StubServer()
        stub.reply("recaptchaConfig", config(email: "ENFORCE"))
        let challenge = try await stub.client(production: true).recaptchaChallenge(for: .signInWithPassword)
        #expect(challenge == RecaptchaChallenge(siteKey: "6Le-web-key", enterpriseAction: .signInWithPassword))
        let sent = try #require(stub.requests("recaptchaConfig").first)
        #expect(sent.method == "GET")
        let query = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.contains(URLQueryItem(name: "clientType", value: "CLIENT_TYPE_WEB")))
        #expect(query.contains(URLQueryItem(name: "version", value: "RECAPTCHA_ENTERPRISE")))
        #expect(stub.requests("recaptchaParams").isEmpty)
    }

    @Test func onceEnforcementIsKnownAPasswordIsNotSentWithoutAToken() async throws {
        let stub = StubServer()
        stub.reply("recaptchaConfig", config(email: "ENFORCE"))
        stub.replySignIn("accounts:signInWithPassword")
        let client = stub.client(production: true)
        _ = try await client.recaptchaChallenge(for: .signInWithPassword)
        let refused = await #expect(throws: AuthError.self) {
            try await client.signIn(email: "ada@example.com", password: "secret1")
        }
        #expect(refused?.code == .missingRecaptchaToken)
        #expect(stub.requests("accounts:signInWithPassword").isEmpty)
        _ = try await client.signIn(email: "ada@example.com", password: "secret1", recaptchaToken: "ENT-1")
        #expect(enterpriseFields(stub.requests("accounts:signInWithPassword").first)
                == ["ENT-1", "CLIENT_TYPE_WEB", "RECAPTCHA_ENTERPRISE"])
    }

    @Test func signUpAndResetCarryTheTokenInTheirOwnFields() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signUp")
        stub.reply("accounts:sendOobCode", #"{"email": "bob@example.com"}"#)
        stub.reply("accounts:sendOobCode", #"{"email": "bob@example.com"}"#)
        let client = stub.client(production: true)
        _ = try await client.createUser(email: "bob@example.com", password: "secret1", recaptchaToken: "ENT-2")
        #expect(enterpriseFields(stub.requests("accounts:signUp").first)
                == ["ENT-2", "CLIENT_TYPE_WEB", "RECAPTCHA_ENTERPRISE"])
        try await client.sendPasswordReset(email: "bob@example.com", recaptchaToken: "ENT-3")
        try await client.sendPasswordReset(email: "bob@example.com")
        let resets = stub.requests("accounts:sendOobCode")
        #expect(enterpriseFields(resets.first, token: "captchaResp") == ["ENT-3", "CLIENT_TYPE_WEB", "RECAPTCHA_ENTERPRISE"])
        #expect(resets.first?.json["captchaResponse"] == nil)
        #expect(resets.last?.json["captchaResp"] == nil && resets.last?.json["clientType"] == nil,
                "without a known enforcement nothing is added")
    }

    @Test func auditNeverBlocksAndAProjectWithoutAKeyHasNoPasswordChallenge() async throws {
        let stub = StubServer()
        stub.reply("recaptchaConfig", config(email: "AUDIT"))
        stub.reply("accounts:sendOobCode", #"{"email": "bob@example.com"}"#)
        stub.reply("recaptchaConfig", config(email: "OFF", key: false))
        let client = stub.client(production: true)
        #expect(try await client.recaptchaChallenge(for: .getOobCode).enterpriseAction == .getOobCode)
        try await client.sendPasswordReset(email: "bob@example.com")
        #expect(stub.requests("accounts:sendOobCode").count == 1)
        let none = await #expect(throws: AuthError.self) { try await client.recaptchaChallenge(for: .getOobCode) }
        #expect(none?.code == .missingRecaptchaToken)
    }

    @Test func aPhoneUnderEnforcementSendsTheEnterpriseTokenAndOtherwiseTheV2One() async throws {
        let stub = StubServer()
        stub.reply("recaptchaConfig", config(email: "OFF", phone: "ENFORCE"))
        stub.reply("accounts:sendVerificationCode", #"{"sessionInfo": "s1"}"#)
        stub.reply("recaptchaConfig", config(email: "OFF", phone: "AUDIT"))
        stub.reply("recaptchaParams", #"{"recaptchaSiteKey": "6Lc-v2-key"}"#)
        stub.reply("accounts:sendVerificationCode", #"{"sessionInfo": "s2"}"#)
        let client = stub.client(production: true)
        #expect(try await client.recaptchaChallenge(for: .sendVerificationCode)
                == RecaptchaChallenge(siteKey: "6Le-web-key", enterpriseAction: .sendVerificationCode))
        let unsolved = await #expect(throws: AuthError.self) {
            try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil)
        }
        #expect(unsolved?.code == .missingRecaptchaToken)
        #expect(try await client.verifyPhoneNumber("+15555550100", recaptchaToken: "ENT-4") == "s1")
        let enterprise = stub.requests("accounts:sendVerificationCode").first
        #expect(enterpriseFields(enterprise) == ["ENT-4", "CLIENT_TYPE_WEB", "RECAPTCHA_ENTERPRISE"])
        #expect(enterprise?.json["recaptchaToken"] == nil)

        #expect(try await client.recaptchaChallenge(for: .sendVerificationCode) == RecaptchaChallenge(siteKey: "6Lc-v2-key"))
        #expect(try await client.verifyPhoneNumber("+15555550100", recaptchaToken: "V2-5") == "s2")
        let classic = stub.requests("accounts:sendVerificationCode").last
        #expect(classic?.string("recaptchaToken") == "V2-5" && classic?.json["captchaResponse"] == nil)
    }

    @Test func aPhoneChallengeFallsBackToV2WhenTheConfigCannotBeRead() async throws {
        let stub = StubServer()
        stub.replyError("recaptchaConfig", "RECAPTCHA_NOT_ENABLED")
        stub.reply("recaptchaParams", #"{"recaptchaSiteKey": "6Lc-v2-key"}"#)
        #expect(try await stub.client(production: true).recaptchaChallenge(for: .mfaSmsSignIn)
                == RecaptchaChallenge(siteKey: "6Lc-v2-key"))
    }

    @Test(arguments: [("MISSING_RECAPTCHA_TOKEN", AuthErrorCode.missingRecaptchaToken),
                      ("INVALID_RECAPTCHA_TOKEN", .captchaCheckFailed), ("RECAPTCHA_NOT_ENABLED", .operationNotAllowed),
                      ("MISSING_CLIENT_TYPE", .operationNotAllowed), ("INVALID_RECAPTCHA_VERSION", .operationNotAllowed)])
    func aPasswordSignInsRefusalsSayWhatTheReCAPTCHANeeds(message: String, code: AuthErrorCode) async throws {
        let stub = StubServer()
        stub.replyError("accounts:signInWithPassword", message)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client(production: true).signIn(email: "ada@example.com", password: "secret1",
                                                           recaptchaToken: "ENT-6")
        }
        #expect(error?.code == code)
        let detail = error?.detail ?? ""
        #expect(detail.contains("ENT-6") == false, "the token is a secret")
    }
}
