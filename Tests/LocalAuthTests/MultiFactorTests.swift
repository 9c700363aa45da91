import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("TOTP (RFC 6238) and base32 (RFC 4648)")
struct TOTPTests {
    private let seed = Array("12345678901234567890".utf8)

    @Test("RFC 6238 SHA1 vectors: 8 digits as published, 6 digits are their last six")
    func vectors() throws {
        let vectors: [(time: UInt64, code: String)] = [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ]
        for vector in vectors {
            let counter = TOTP.counter(at: Date(timeIntervalSince1970: TimeInterval(vector.time)))
            #expect(try TOTP.code(secret: seed, counter: counter, digits: 8) == vector.code)
            #expect(try TOTP.code(secret: seed, counter: counter) == String(vector.code.suffix(6)))
        }
        #expect(try TOTP.code(secret: seed, at: Date(timeIntervalSince1970: 59)) == "287082")
    }

    @Test("a code is accepted one step either side of its own, not two")
    func drift() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let code = try TOTP.code(secret: seed, at: now)
        #expect(try TOTP.accepts(code, secret: seed, at: now))
        #expect(try TOTP.accepts(code, secret: seed, at: now.addingTimeInterval(30)))
        #expect(try TOTP.accepts(code, secret: seed, at: now.addingTimeInterval(-30)))
        #expect(try !TOTP.accepts(code, secret: seed, at: now.addingTimeInterval(61)))
        #expect(try !TOTP.accepts(code, secret: seed, at: now.addingTimeInterval(-61)))
    }

    @Test("base32 RFC 4648 vectors, both ways; padding and lower case decode; other letters do not")
    func base32() {
        let vectors = ["": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB",
                       "foobar": "MZXW6YTBOI"]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Array(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base32.decode("mzxw6ytboi======") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW1") == nil)
    }
}

@Suite("Second factors in the engine")
struct MultiFactorEngineTests {
    let clock = TestClock()
    let engine: LocalAuthEngine

    init() throws {
        let clock = self.clock
        engine = try LocalAuthEngine(path: ":memory:", clock: { clock.now }, passwordHashing: cheapHashing)
    }

    /// A password account with a verified email; returns its first sign-in.
    func verifiedAccount(_ email: String = "ada@example.com") throws -> LocalSignIn {
        let signIn = try engine.createAccount(email: email, password: "secret1")
        _ = try engine.applyEmailVerification(code: try engine.sendEmailVerification(uid: signIn.account.uid))
        return signIn
    }

    /// The code of the newest SMS sent to `number`.
    private func lastSMS(to number: String) throws -> String {
        try #require(try engine.messages().last { $0.kind == .sms && $0.recipient == number }).code
    }

    /// Enrols a TOTP factor for `uid`; returns it with its decoded secret.
    func enrollTOTP(uid: String) throws -> (EnrolledFactor, [UInt8]) {
        let session = try engine.startTOTPEnrollment(uid: uid)
        let secret = try #require(Base32.decode(session.sharedSecretKey))
        let code = try TOTP.code(secret: secret, at: clock.now)
        return (try engine.finishTOTPEnrollment(uid: uid, sessionInfo: session.sessionInfo, code: code,
                                                displayName: "App"), secret)
    }

    @Test("TOTP enrolment: a 160-bit base32 secret, an otpauth URL, a right code enrols, a wrong one does not")
    func totpEnrollment() throws {
        let uid = try verifiedAccount().account.uid
        let session = try engine.startTOTPEnrollment(uid: uid)
        let secret = try #require(Base32.decode(session.sharedSecretKey))
        #expect(secret.count == 20)
        #expect(session.finalizeBy == clock.now.addingTimeInterval(600))
        #expect(session.otpauthURL(issuer: "Demo", accountName: "ada@example.com")
            == "otpauth://totp/Demo:ada@example.com"
            + "?secret=\(session.sharedSecretKey)&issuer=Demo")
        let right = try TOTP.code(secret: secret, at: clock.now)
        let wrong = right == "000000" ? "111111" : "000000"
        #expect(throws: AuthError(.invalidCode)) {
            try engine.finishTOTPEnrollment(uid: uid, sessionInfo: session.sessionInfo, code: wrong, displayName: nil)
        }
        let factor = try engine.finishTOTPEnrollment(uid: uid, sessionInfo: session.sessionInfo, code: right,
                                                     displayName: "Phone app")
        #expect(factor.kind == .totp && factor.displayName == "Phone app" && factor.enrolledAt == clock.now)
        #expect(try engine.secondFactors(uid: uid) == [factor])
        #expect(throws: AuthError(.invalidSessionInfo)) {
            try engine.finishTOTPEnrollment(uid: uid, sessionInfo: session.sessionInfo, code: right, displayName: nil)
        }
    }

    @Test("enrolment needs a verified, non-anonymous account; an expired TOTP session is SESSION_EXPIRED")
    func enrollmentRules() throws {
        let anonymous = try engine.createAnonymousAccount().account.uid
        #expect(throws: AuthError(.unsupportedFirstFactor,
                                  detail: "MFA is not available for the given first factor.")) {
            try engine.startTOTPEnrollment(uid: anonymous)
        }
        let unverified = try engine.createAccount(email: "bob@example.com", password: "secret1").account.uid
        #expect(throws: AuthError(.unverifiedEmail,
                                  detail: "Need to verify email first before enrolling second factors.")) {
            try engine.startPhoneEnrollment(uid: unverified, phoneNumber: "+15555550100")
        }
        let uid = try verifiedAccount().account.uid
        let session = try engine.startTOTPEnrollment(uid: uid)
        clock.advance(by: 601)
        let code = try TOTP.code(secret: try #require(Base32.decode(session.sharedSecretKey)), at: clock.now)
        let expired = #expect(throws: AuthError.self) {
            try engine.finishTOTPEnrollment(uid: uid, sessionInfo: session.sessionInfo, code: code, displayName: nil)
        }
        #expect(expired?.code == .sessionExpired)
    }

    @Test("a second factor cannot follow an anonymous, phone, custom-token or Game Center sign-in",
          arguments: ["anonymous", "phone", "custom", "gc.apple.com"])
    func ineligibleFirstFactors(provider: String) throws {
        let uid = try verifiedAccount().account.uid
        let refusal = AuthError(.unsupportedFirstFactor, detail: "MFA is not available for the given first factor.")
        #expect(throws: refusal) {
            try engine.startPhoneEnrollment(uid: uid, phoneNumber: "+15555550100", signInProvider: provider)
        }
        #expect(throws: refusal) { try engine.startTOTPEnrollment(uid: uid, signInProvider: provider) }
        let session = try engine.startTOTPEnrollment(uid: uid, signInProvider: "password")
        let code = try TOTP.code(secret: try #require(Base32.decode(session.sharedSecretKey)), at: clock.now)
        #expect(throws: refusal) {
            try engine.finishTOTPEnrollment(uid: uid, sessionInfo: session.sessionInfo, code: code, displayName: nil,
                                            signInProvider: provider)
        }
        #expect(try engine.secondFactors(uid: uid).isEmpty)
    }

    @Test("phone enrolment texts a code; the same number twice is SECOND_FACTOR_EXISTS; five factors at most")
    func phoneEnrollmentAndLimits() throws {
        let uid = try verifiedAccount().account.uid
        let sessionInfo = try engine.startPhoneEnrollment(uid: uid, phoneNumber: "+15555550100")
        #expect(try engine.pendingPhoneCodes().contains { $0.sessionInfo == sessionInfo })
        let factor = try engine.finishPhoneEnrollment(uid: uid, sessionInfo: sessionInfo,
                                                      code: try lastSMS(to: "+15555550100"), displayName: "Work")
        #expect(factor.kind == .sms && factor.phoneNumber == "+15555550100" && factor.claimName == "phone")
        #expect(throws: AuthError(.secondFactorExists,
                                  detail: "Phone number already enrolled as second factor for this account.")) {
            try engine.startPhoneEnrollment(uid: uid, phoneNumber: "+15555550100")
        }
        for _ in 0..<4 { _ = try enrollTOTP(uid: uid) }
        #expect(try engine.secondFactors(uid: uid).count == 5)
        #expect(throws: AuthError(.secondFactorLimitExceeded)) {
            try engine.startTOTPEnrollment(uid: uid)
        }
        _ = try engine.withdrawSecondFactor(uid: uid, enrollmentID: factor.id)
        #expect(try engine.secondFactors(uid: uid).count == 4)
        #expect(throws: AuthError(.mfaEnrollmentNotFound)) {
            try engine.withdrawSecondFactor(uid: uid, enrollmentID: factor.id)
        }
    }

    @Test("a sign-in of an account with factors is held back until a TOTP code completes it, once")
    func totpSignIn() throws {
        let uid = try verifiedAccount().account.uid
        #expect(try engine.signIn(email: "ada@example.com", password: "secret1").signedIn != nil)
        let (factor, secret) = try enrollTOTP(uid: uid)
        clock.advance(by: 90)
        let challenge = try #require(try engine.signIn(email: "ada@example.com", password: "secret1").challenge)
        #expect(challenge.factors == [factor] && challenge.account.uid == uid)
        let code = try TOTP.code(secret: secret, at: clock.now)
        let wrong = code == "000000" ? "111111" : "000000"
        #expect(throws: AuthError(.invalidCode)) {
            try engine.finishTOTPMultiFactorSignIn(pendingCredential: challenge.pendingCredential,
                                                   enrollmentID: factor.id, code: wrong)
        }
        #expect(throws: AuthError(.mfaEnrollmentNotFound)) {
            try engine.finishTOTPMultiFactorSignIn(pendingCredential: challenge.pendingCredential,
                                                   enrollmentID: "nope", code: code)
        }
        let completed = try engine.finishTOTPMultiFactorSignIn(pendingCredential: challenge.pendingCredential,
                                                               enrollmentID: factor.id, code: code)
        #expect(completed.signIn.account.uid == uid && completed.signIn.provider == "password")
        #expect(completed.factor == factor)
        let token = try #require(completed.signIn.refreshToken)
        let grant = try #require(try engine.redeemRefreshToken(token))
        #expect(grant.secondFactor == "totp" && grant.secondFactorID == factor.id)
        #expect(grant.authTime == completed.signIn.authTime)
        #expect(throws: AuthError(.invalidMFAPendingCredential)) {
            try engine.finishTOTPMultiFactorSignIn(pendingCredential: challenge.pendingCredential,
                                                   enrollmentID: factor.id, code: code)
        }
    }

    @Test("phone second factor: the challenge SMS completes the sign-in; pending credentials die after 10 minutes")
    func phoneSignInAndExpiry() throws {
        let uid = try verifiedAccount().account.uid
        let enrolSession = try engine.startPhoneEnrollment(uid: uid, phoneNumber: "+15555550100")
        let factor = try engine.finishPhoneEnrollment(uid: uid, sessionInfo: enrolSession,
                                                      code: try lastSMS(to: "+15555550100"), displayName: nil)
        let challenge = try #require(try engine.signIn(email: "ada@example.com", password: "secret1").challenge)
        let sessionInfo = try engine.startPhoneMultiFactorSignIn(pendingCredential: challenge.pendingCredential,
                                                                 enrollmentID: factor.id)
        let completed = try engine.finishPhoneMultiFactorSignIn(
            pendingCredential: challenge.pendingCredential, sessionInfo: sessionInfo,
            code: try lastSMS(to: "+15555550100"))
        #expect(completed.factor.id == factor.id && completed.signIn.account.uid == uid)

        let late = try #require(try engine.signIn(email: "ada@example.com", password: "secret1").challenge)
        clock.advance(by: 601)
        #expect(throws: AuthError(.invalidMFAPendingCredential)) {
            try engine.startPhoneMultiFactorSignIn(pendingCredential: late.pendingCredential, enrollmentID: factor.id)
        }
    }

    @Test("every first factor of an account with factors is held back; session and last sign-in stay as they were")
    func everyFirstFactorIsGated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = self.clock
        let engine = try LocalAuthEngine(path: directory.file("store.sqlite"), clock: { clock.now },
                                         passwordHashing: cheapHashing)
        let client = try makeClient(path: directory.file("store.sqlite"), clock: clock)
        let created = try engine.createAccount(email: "ada@example.com", password: "secret1")
        let uid = created.account.uid
        _ = try engine.applyEmailVerification(code: try engine.sendEmailVerification(uid: uid))
        let phone = try engine.sendVerificationCode(phoneNumber: "+15555550101")
        _ = try engine.linkPhone(uid: uid, sessionInfo: phone, code: try lastSMS(in: engine, to: "+15555550101"))
        let google = IdentityProviderCredential(providerID: "google.com", simulatedProfile: IdentityProviderProfile(
            subject: "g-ada", email: "ada@example.com", displayName: "Ada", isEmailVerified: true))
        _ = try engine.linkIdentity(uid: uid, google)
        let session = try engine.startTOTPEnrollment(uid: uid)
        let factor = try engine.finishTOTPEnrollment(
            uid: uid, sessionInfo: session.sessionInfo,
            code: try TOTP.code(secret: try #require(Base32.decode(session.sharedSecretKey)), at: clock.now),
            displayName: nil)
        let lastSignIn = try #require(try engine.account(uid: uid)).lastSignInAt
        clock.advance(by: 60)

        let outcomes: [(String, LocalSignInOutcome)] = [
            ("password", try engine.signIn(email: "ada@example.com", password: "secret1")),
            ("email link", try engine.signIn(email: "ada@example.com", link: try engine.sendSignInLink(
                email: "ada@example.com", continueURL: "https://example.com"))),
            ("phone", try engine.signIn(
                phoneSessionInfo: try engine.sendVerificationCode(phoneNumber: "+15555550101"),
                code: try lastSMS(in: engine, to: "+15555550101"))),
            ("identity provider", try engine.signIn(identity: google)),
            ("custom token", try engine.signIn(customTokenUID: uid)),
        ]
        for (name, outcome) in outcomes {
            let challenge = try #require(outcome.challenge, "\(name)")
            #expect(challenge.factors == [factor] && challenge.account.uid == uid, "\(name)")
        }
        #expect(try engine.account(uid: uid)?.lastSignInAt == lastSignIn)
        #expect(try await client.currentUser() == nil)
        guard case .mfaRequired(let required) = try await client.signIn(email: "ada@example.com", password: "secret1")
        else {
            Issue.record("the local client signed in without the second factor")
            return
        }
        #expect(required.hints == [.totp(displayName: nil, uid: factor.id)])
        #expect(try await client.currentUser() == nil)
        // A new account has no factors, so it passes the gate.
        #expect(try engine.signIn(customTokenUID: "new-uid").signedIn?.isNewUser == true)
    }

    @Test("an enrolment SMS code lasts ten minutes, twice a sign-in code's five")
    func phoneEnrollmentLifetime() throws {
        let uid = try verifiedAccount().account.uid
        let sessionInfo = try engine.startPhoneEnrollment(uid: uid, phoneNumber: "+15555550100")
        let code = try lastSMS(to: "+15555550100")
        clock.advance(by: 9 * 60)
        _ = try engine.finishPhoneEnrollment(uid: uid, sessionInfo: sessionInfo, code: code, displayName: nil)
        let late = try engine.startPhoneEnrollment(uid: uid, phoneNumber: "+15555550111")
        let lateCode = try lastSMS(to: "+15555550111")
        clock.advance(by: 10 * 60 + 1)
        #expect(throws: AuthError(.sessionExpired)) {
            try engine.finishPhoneEnrollment(uid: uid, sessionInfo: late, code: lateCode, displayName: nil)
        }
    }

    /// The code of the newest SMS `engine` sent to `number`.
    private func lastSMS(in engine: LocalAuthEngine, to number: String) throws -> String {
        try #require(try engine.messages().last { $0.kind == .sms && $0.recipient == number }).code
    }

    @Test("a refresh token issued after a second factor remembers it")
    func refreshTokenKeepsSecondFactor() throws {
        let signIn = try verifiedAccount()
        let (factor, _) = try enrollTOTP(uid: signIn.account.uid)
        let token = try engine.issueRefreshToken(for: signIn, secondFactor: factor)
        let grant = try #require(try engine.redeemRefreshToken(token))
        #expect(grant.secondFactor == "totp" && grant.secondFactorID == factor.id)
        let plain = try #require(try engine.redeemRefreshToken(try engine.issueRefreshToken(for: signIn)))
        #expect(plain.secondFactor == nil)
    }
}
