import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct MultiFactorTests {
    private let required = MFARequired(pendingCredential: "PENDING", hints: [
        .phone(displayName: nil, uid: "f-phone", phoneNumber: "+*******0100"),
        .totp(displayName: "App", uid: "f-totp"),
    ])

    @Test func enrolledFactorsComeFromTheAccount() async throws {
        let stub = StubServer()
        stub.reply("accounts:lookup", Fixtures.lookup(mfaInfo: [
            ["mfaEnrollmentId": "f-1", "displayName": "Phone", "phoneInfo": "+15555550100",
             "enrolledAt": "2027-01-02T03:04:05.678Z"],
            ["mfaEnrollmentId": "f-2", "totpInfo": [String: String](), "enrolledAt": "2027-01-02T03:04:05Z"],
        ]))
        let factors = try await stub.signedInClient().enrolledFactors()
        #expect(factors.map(\.uid) == ["f-1", "f-2"])
        #expect(factors.map(\.factor) == [.sms, .totp])
        #expect(factors[0].phoneNumber == "+15555550100")
        #expect(factors[1].enrollmentDate == Date(timeIntervalSince1970: 1_798_859_045))
    }

    @Test func phoneEnrolmentStartsAndFinishes() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        stub.reply("mfaEnrollment:start", #"{"phoneSessionInfo":{"sessionInfo":"ENROL-1"}}"#)
        stub.replySignIn("mfaEnrollment:finalize", idToken: Fixtures.idToken(serial: 2))

        let sessionInfo = try await client.startPhoneEnrollment(phoneNumber: "+15555550100", recaptchaToken: nil)
        try await client.enroll(.phone(verificationID: sessionInfo, code: "123456"), displayName: "Phone")

        let start = try #require(stub.requests("mfaEnrollment:start").first)
        #expect(start.url.path == "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start")
        #expect(start.json["phoneEnrollmentInfo"] as? [String: String] == ["phoneNumber": "+15555550100"])
        let finalize = try #require(stub.requests("mfaEnrollment:finalize").first)
        #expect(finalize.string("displayName") == "Phone")
        #expect(finalize.json["phoneVerificationInfo"] as? [String: String]
            == ["sessionInfo": "ENROL-1", "code": "123456"])
        #expect(client.state.withLock { $0.session?.idToken } == Fixtures.idToken(serial: 2))
    }

    /// A server that answers `mfaEnrollment:start` with a TOTP session of these parameters.
    private func totpServer(algorithm: String, digits: Int, period: Int) -> StubServer {
        let stub = StubServer()
        stub.reply("mfaEnrollment:start", """
            {"totpSessionInfo":{"sessionInfo":"T-1","sharedSecretKey":"JBSWY3DPEHPK3PXP",
             "hashingAlgorithm":"\(algorithm)","verificationCodeLength":\(digits),"periodSec":\(period),
             "finalizeEnrollmentTime":"2027-01-01T00:00:00Z"}}
            """)
        return stub
    }

    @Test func aTOTPSecretComesWithItsOtpauthURL() async throws {
        let stub = totpServer(algorithm: "SHA1", digits: 6, period: 30)
        let secret = try await stub.signedInClient().generateTOTPSecret(accountName: "ann@example.com",
                                                                        issuer: "Fauth")
        #expect(stub.requests.first?.json["totpEnrollmentInfo"] as? [String: String] == [:])
        #expect(secret == TOTPSecret(
            sessionInfo: "T-1", sharedSecretKey: "JBSWY3DPEHPK3PXP",
            qrCodeURL: "otpauth://totp/Fauth:ann@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Fauth"))
    }

    @Test func theOtpauthURLNamesOnlyParametersThatAreNotTheDefaults() async throws {
        let stub = totpServer(algorithm: "SHA256", digits: 8, period: 60)
        let secret = try await stub.signedInClient().generateTOTPSecret(accountName: "ann@example.com",
                                                                        issuer: "Fauth")
        #expect(secret.qrCodeURL == "otpauth://totp/Fauth:ann@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Fauth"
            + "&algorithm=SHA256&digits=8&period=60")
    }

    @Test func totpEnrolmentAndWithdrawal() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        stub.replySignIn("mfaEnrollment:finalize")
        stub.replySignIn("mfaEnrollment:withdraw")
        try await client.enroll(.totp(sessionInfo: "T-1", code: "654321"), displayName: nil)
        try await client.unenroll(factorUID: "f-2")
        let finalize = try #require(stub.requests("mfaEnrollment:finalize").first)
        #expect(finalize.json["totpVerificationInfo"] as? [String: String]
            == ["sessionInfo": "T-1", "verificationCode": "654321"])
        #expect(finalize.json["displayName"] == nil)
        #expect(stub.requests("mfaEnrollment:withdraw").first?.string("mfaEnrollmentId") == "f-2")
    }

    @Test func phoneSignInWithASecondFactor() async throws {
        let stub = StubServer()
        let client = stub.client()
        stub.reply("mfaSignIn:start", #"{"phoneResponseInfo":{"sessionInfo":"MFA-S"}}"#)
        stub.replySignIn("mfaSignIn:finalize", idToken: Fixtures.idToken(secondFactor: "phone"))

        let sessionInfo = try await client.startPhoneMFASignIn(required, hintUID: "f-phone", recaptchaToken: nil)
        let assertion = MultiFactorAssertion.phone(verificationID: sessionInfo, code: "111111")
        let user = try await client.resolveSignIn(required, assertion: assertion)

        let start = try #require(stub.requests("mfaSignIn:start").first)
        #expect(start.string("mfaPendingCredential") == "PENDING")
        #expect(start.string("mfaEnrollmentId") == "f-phone")
        let finalize = try #require(stub.requests("mfaSignIn:finalize").first)
        #expect(finalize.json["phoneVerificationInfo"] as? [String: String]
            == ["sessionInfo": "MFA-S", "code": "111111"])
        #expect(user.uid == "uid-1")
        #expect(try await client.idTokenResult().signInSecondFactor == .sms)
    }

    @Test func totpSignInNamesTheFactor() async throws {
        let stub = StubServer()
        stub.replySignIn("mfaSignIn:finalize")
        _ = try await stub.client().resolveSignIn(required, assertion: .totp(sessionInfo: "f-totp", code: "222222"))
        let finalize = try #require(stub.requests("mfaSignIn:finalize").first)
        #expect(finalize.string("mfaEnrollmentId") == "f-totp")
        #expect(finalize.json["totpVerificationInfo"] as? [String: String] == ["verificationCode": "222222"])
    }
}
