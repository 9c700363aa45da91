import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

/// Issue 29: a solved reCAPTCHA's token goes in every request that texts a code, as Firebase's REST reference
/// names it (`recaptchaToken`, in `phoneSignInInfo` for a second factor), and the site key comes from
/// `recaptchaParams`.
@Suite struct RecaptchaRequestTests {
    @Test func theTokenGoesWithTheCodeOnlyWhenThereIsOne() async throws {
        let stub = StubServer()
        stub.reply("accounts:sendVerificationCode", #"{"sessionInfo": "s1"}"#)
        stub.reply("accounts:sendVerificationCode", #"{"sessionInfo": "s2"}"#)
        let client = stub.client(production: true)
        #expect(try await client.verifyPhoneNumber("+15555550100", recaptchaToken: "TOKEN-1") == "s1")
        #expect(try await client.verifyPhoneNumber("+15555550100", recaptchaToken: nil) == "s2")
        let sent = stub.requests("accounts:sendVerificationCode")
        #expect(sent.first?.string("recaptchaToken") == "TOKEN-1")
        #expect(sent.first?.string("phoneNumber") == "+15555550100")
        #expect(sent.last?.json["recaptchaToken"] == nil)
    }

    @Test func aSecondFactorsCodeCarriesTheTokenInItsPhoneSignInInfo() async throws {
        let stub = StubServer()
        stub.reply("mfaSignIn:start", #"{"phoneResponseInfo": {"sessionInfo": "s3"}}"#)
        let required = MFARequired(pendingCredential: "pending-1", hints: [])
        let session = try await stub.client(production: true).startPhoneMFASignIn(required, hintUID: "h1",
                                                                                   recaptchaToken: "TOKEN-2")
        #expect(session == "s3")
        let sent = try #require(stub.requests("mfaSignIn:start").first)
        #expect(sent.json["phoneSignInInfo"] as? [String: String] == ["recaptchaToken": "TOKEN-2"])
        #expect(sent.string("mfaEnrollmentId") == "h1")
    }

    @Test func theChallengeIsTheProjectsSiteKeyAndOnAnEmulatorItsStandInPage() async throws {
        let stub = StubServer()
        let off = #"{"recaptchaEnforcementState": [{"provider": "PHONE_PROVIDER", "enforcementState": "OFF"}]}"#
        stub.reply("recaptchaConfig", off)
        stub.reply("recaptchaParams", #"{"kind": "identitytoolkit#GetRecaptchaParamResponse", "recaptchaSiteKey": "6Lc-site"}"#)
        stub.reply("recaptchaConfig", off)
        stub.reply("recaptchaParams", #"{"recaptchaSiteKey": "fauth-tui-emulator-stand-in-recaptcha"}"#)
        #expect(try await stub.client(production: true).recaptchaChallenge(for: .sendVerificationCode)
                == RecaptchaChallenge(siteKey: "6Lc-site"))
        let emulated = try await stub.client().recaptchaChallenge(for: .mfaSmsEnrollment)
        #expect(emulated.standInPage == "http://stub.invalid:9099/emulator/auth/recaptcha")
        #expect(stub.requests("recaptchaParams").allSatisfy { $0.method == "GET" })
    }

    @Test(arguments: [("MISSING_RECAPTCHA_TOKEN", AuthErrorCode.missingRecaptchaToken),
                      ("MISSING_APP_CREDENTIAL : reCAPTCHA needed", .missingRecaptchaToken),
                      ("CAPTCHA_CHECK_FAILED", .captchaCheckFailed), ("INVALID_RECAPTCHA_TOKEN", .captchaCheckFailed),
                      ("INVALID_APP_CREDENTIAL", .captchaCheckFailed)])
    func refusalsSayWhetherAChallengeIsNeededOrItsAnswerFailed(message: String, code: AuthErrorCode) async throws {
        let stub = StubServer()
        stub.replyError("accounts:sendVerificationCode", message)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client(production: true).verifyPhoneNumber("+15555550100", recaptchaToken: nil)
        }
        #expect(error?.code == code)
    }
}
