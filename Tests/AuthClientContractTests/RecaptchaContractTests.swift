import AuthCore
import Foundation
import Testing
import TestSupport

/// Issue 29: against an emulator that demands a reCAPTCHA (`--require-recaptcha`), phone sign-in, SMS enrolment and
/// SMS resolution send the stand-in page's token in the fields Firebase's REST reference names; every request is
/// checked against the OpenAPI description.
@Suite struct RecaptchaContractTests {
    @Test func everyCallThatTextsACodeCarriesTheSolvedToken() async throws {
        try await ContractClient.rest.onFreshBackend(requireRecaptcha: true) { harness, client in
            await expectError(.missingRecaptchaToken) {
                _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil)
            }
            let challenge = try await client.recaptchaChallenge(for: .sendVerificationCode)
            #expect(challenge.siteKey == "fauth-tui-emulator-stand-in-recaptcha")
            let token = try solve(challenge)
            #expect(try await !client.verifyPhoneNumber("+15555550100", recaptchaToken: token).isEmpty)
            await expectError(.captchaCheckFailed) {
                _ = try await client.verifyPhoneNumber("+15555550100", recaptchaToken: token)
            }

            _ = try await harness.verifiedUser("bob@example.com")
            await expectError(.missingRecaptchaToken) {
                _ = try await client.startPhoneEnrollment(phoneNumber: "+15555550101", recaptchaToken: nil)
            }
            let enrolment = try await client.startPhoneEnrollment(phoneNumber: "+15555550101",
                                                                  recaptchaToken: try solve(challenge))
            let code = try await harness.lastMessage(.sms, to: "+15555550101").code
            try await client.enroll(.phone(verificationID: enrolment, code: code), displayName: nil)
            let factor = try #require(try await client.enrolledFactors().first)

            try await client.signOut()
            let required = try mfaRequired(try await client.signIn(email: "bob@example.com", password: "secret1"))
            await expectError(.missingRecaptchaToken) {
                _ = try await client.startPhoneMFASignIn(required, hintUID: factor.uid, recaptchaToken: nil)
            }
            let session = try await client.startPhoneMFASignIn(required, hintUID: factor.uid,
                                                               recaptchaToken: try solve(challenge))
            #expect(!session.isEmpty)
        }
    }
}

/// Ticks the box on the challenge's stand-in page, as a browser would; returns the token it sends back.
func solve(_ challenge: RecaptchaChallenge) throws -> String {
    let page = try #require(challenge.standInPage)
    let back = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-o", "/dev/null", "-w", "%{redirect_url}",
                               "-d", "continueUri=http%3A%2F%2F127.0.0.1%3A1%2F&state=s&notARobot=true", page])
    return try #require(URLComponents(string: back.output)?.queryItems?.first { $0.name == "recaptchaToken" }?.value)
}
