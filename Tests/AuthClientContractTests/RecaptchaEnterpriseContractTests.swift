import AuthCore
import Foundation
import Testing
import TestSupport

/// Issue 29: against an emulator whose project enforces reCAPTCHA Enterprise for email and password (production's
/// `recaptchaConfig` in `PATCH …/config`), the REST client reads `getRecaptchaConfig`, is handed the Enterprise key,
/// and sends the stand-in page's token as `captchaResponse` (`captchaResp` for a reset) with its client type and
/// version; every request is checked against the OpenAPI description.
@Suite struct RecaptchaEnterpriseContractTests {
    /// Sets the emulated project's reCAPTCHA Enterprise enforcement, as the console would.
    private func enforce(_ harness: Harness, emailPassword: String, phone: String = "OFF") throws {
        let port = try #require(harness.server?.port)
        let body = #"{"recaptchaConfig":{"emailPasswordEnforcementState":"\#(emailPassword)","#
            + #""phoneEnforcementState":"\#(phone)"}}"#
        let status = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-o", "/dev/null", "-w", "%{http_code}",
                                     "-X", "PATCH", "-H", "Content-Type: application/json", "-d", body,
                                     "http://127.0.0.1:\(port)/emulator/v1/projects/demo-contract/config"])
        try #require(status.output == "200")
    }

    @Test func passwordRequestsUnderEnforcementCarryTheEnterpriseToken() async throws {
        try await ContractClient.rest.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ada@example.com", password: "secret1")
            try await client.signOut()
            try enforce(harness, emailPassword: "ENFORCE")
            await expectError(.missingRecaptchaToken) {
                _ = try await client.signIn(email: "ada@example.com", password: "secret1")
            }
            let challenge = try await client.recaptchaChallenge(for: .signInWithPassword)
            #expect(challenge.siteKey == "fauth-tui-emulator-stand-in-recaptcha-enterprise")
            #expect(challenge.enterpriseAction == .signInWithPassword)
            let token = try solve(challenge)
            _ = try await client.signIn(email: "ada@example.com", password: "secret1", recaptchaToken: token)
            #expect(try await client.currentUser()?.email == "ada@example.com")
            try await client.signOut()
            await expectError(.captchaCheckFailed) {
                _ = try await client.signIn(email: "ada@example.com", password: "secret1", recaptchaToken: token)
            }

            await expectError(.missingRecaptchaToken) { try await client.sendPasswordReset(email: "ada@example.com") }
            try await client.sendPasswordReset(email: "ada@example.com", recaptchaToken: try solve(challenge))
            #expect(try await harness.lastMessage(.passwordReset, to: "ada@example.com").code.isEmpty == false)
            _ = try await client.createUser(email: "bob@example.com", password: "secret1",
                                            recaptchaToken: try solve(challenge))
            #expect(try await client.currentUser()?.email == "bob@example.com")
        }
    }

    @Test func aPhoneUnderEnforcementSendsTheEnterpriseToken() async throws {
        try await ContractClient.rest.onFreshBackend { harness, client in
            try enforce(harness, emailPassword: "AUDIT", phone: "ENFORCE")
            await expectError(.missingRecaptchaToken) {
                _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil)
            }
            let challenge = try await client.recaptchaChallenge(for: .sendVerificationCode)
            #expect(challenge.enterpriseAction == .sendVerificationCode)
            #expect(try await !client.verifyPhoneNumber("+15555550100", recaptchaToken: try solve(challenge)).isEmpty)
            _ = try await client.createUser(email: "carol@example.com", password: "secret1")
            #expect(try await client.currentUser()?.email == "carol@example.com", "AUDIT refuses nothing")
        }
    }
}
