import AuthCore
import AuthEmulator
import FirebaseAuthREST
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport

/// FirebaseAuthClient's second-factor calls against the emulator on loopback, every exchange checked against
/// the spec.
@Suite("Multi-factor over REST: FirebaseAuthClient against the emulator")
struct MultiFactorContractTests {
    /// An emulator on 127.0.0.1 (any free port), its engine, and a REST client pointed at it.
    private struct Setup {
        let engine: LocalAuthEngine
        let server: HTTPServer
        let client: FirebaseAuthClient

        init() throws {
            engine = try LocalAuthEngine(path: ":memory:", passwordHashing: Harness.cheapHashing)
            let api = IdentityToolkitAPI(engine: engine, projectID: "demo-contract")
            let spec = try Harness.specification()
            server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
                let response = api.handle(request)
                Harness.check(request, response, against: spec)
                return response
            }
            try server.start()
            let endpoint = FirebaseEndpoint.emulator(host: "127.0.0.1", port: Int(server.port),
                                                     projectID: "demo-contract")
            client = FirebaseAuthClient(endpoint: endpoint, sessionStore: MemorySessionStore())
        }

        /// Signs up `email` through the client and verifies the email in the engine.
        func verifiedUser(_ email: String) async throws {
            guard case .signedIn(let user) = try await client.createUser(email: email, password: "secret1") else {
                Issue.record("sign-up did not sign in")
                return
            }
            _ = try engine.applyEmailVerification(code: try engine.sendEmailVerification(uid: user.uid))
        }

        /// The newest SMS code the emulator's inbox lists for `number`.
        func smsCode(to number: String) async throws -> String {
            try #require(try await client.messages().last { $0.kind == .sms && $0.recipient == number }).code
        }
    }

    @Test("TOTP: enrol from the returned secret, then a password sign-in is resolved with a TOTP code")
    func totp() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try await setup.verifiedUser("ada@example.com")
        let secret = try await setup.client.generateTOTPSecret(accountName: "ada@example.com", issuer: "Demo")
        #expect(secret.qrCodeURL.hasPrefix("otpauth://totp/Demo:ada@example.com?secret=\(secret.sharedSecretKey)"))
        let key = try #require(Base32.decode(secret.sharedSecretKey))
        try await setup.client.enroll(.totp(sessionInfo: secret.sessionInfo, code: try TOTP.code(secret: key, at: Date())),
                                      displayName: "Authenticator")
        let factors = try await setup.client.enrolledFactors()
        #expect(factors.map(\.factor) == [.totp] && factors.first?.displayName == "Authenticator")

        try await setup.client.signOut()
        guard case .mfaRequired(let required) = try await setup.client.signIn(email: "ada@example.com",
                                                                               password: "secret1") else {
            Issue.record("the sign-in was not held back for its second factor")
            return
        }
        #expect(required.hints == [.totp(displayName: "Authenticator", uid: try #require(factors.first).uid)])
        // The enrolment used this time step's code, and a code works once: the next step's is within the drift.
        let code = try TOTP.code(secret: key, at: Date().addingTimeInterval(TOTP.period))
        let wrong = String(code.map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
        let rejection = await #expect(throws: AuthError.self) {
            _ = try await setup.client.resolveSignIn(required, assertion: .totp(sessionInfo: "", code: wrong))
        }
        #expect(rejection?.code == .invalidCode)
        let user = try await setup.client.resolveSignIn(required, assertion: .totp(sessionInfo: "", code: code))
        #expect(user.email == "ada@example.com")
        #expect(try await setup.client.idTokenResult().signInSecondFactor == .totp)
    }

    @Test("phone: enrol with the inbox's code, resolve a sign-in by SMS, then withdraw the factor")
    func phone() async throws {
        let setup = try Setup()
        defer { setup.server.stop() }
        try await setup.verifiedUser("bob@example.com")
        let enrolment = try await setup.client.startPhoneEnrollment(phoneNumber: "+15555550100")
        try await setup.client.enroll(.phone(verificationID: enrolment,
                                             code: try await setup.smsCode(to: "+15555550100")),
                                      displayName: nil)
        let factor = try #require(try await setup.client.enrolledFactors().first)
        #expect(factor.factor == .sms && factor.phoneNumber == "+15555550100")

        try await setup.client.signOut()
        guard case .mfaRequired(let required) = try await setup.client.signIn(email: "bob@example.com",
                                                                               password: "secret1") else {
            Issue.record("the sign-in was not held back for its second factor")
            return
        }
        #expect(required.hints == [.phone(displayName: nil, uid: factor.uid, phoneNumber: "+*******0100")])
        let session = try await setup.client.startPhoneMFASignIn(required, hintUID: factor.uid)
        _ = try await setup.client.resolveSignIn(
            required, assertion: .phone(verificationID: session, code: try await setup.smsCode(to: "+15555550100")))
        #expect(try await setup.client.idTokenResult().signInSecondFactor == .sms)

        try await setup.client.unenroll(factorUID: factor.uid)
        #expect(try await setup.client.enrolledFactors().isEmpty)
        try await setup.client.signOut()
        guard case .signedIn = try await setup.client.signIn(email: "bob@example.com", password: "secret1") else {
            Issue.record("a sign-in without factors was held back")
            return
        }
    }
}
