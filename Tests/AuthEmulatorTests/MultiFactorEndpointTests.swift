import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport

extension Emulator {
    /// POSTs a spec-checked JSON body to `v2/accounts/<operation>` (`mfaEnrollment:start`, …).
    func callV2(_ operation: String, _ body: [String: Any]) -> Reply {
        let path = "/identitytoolkit.googleapis.com/v2/accounts/\(operation)"
        let problems = openAPISpec?.requestProblems(path: path, method: "POST", body: JSONValue(foundation: body))
        #expect(problems?.isEmpty == true, "request to \(path) does not fit the spec: \(problems ?? [])")
        let data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
        return send(HTTPRequest(method: "POST", path: path, query: ["key": "test-key"],
                                headers: ["Content-Type": "application/json"], body: data))
    }

    /// Signs up `email` and verifies it; returns the uid and a fresh ID token.
    func verifiedUser(_ email: String = "ada@example.com") throws -> (uid: String, idToken: String) {
        let user = try signUp(email)
        _ = try engine.applyEmailVerification(code: try engine.sendEmailVerification(uid: user.uid))
        return (user.uid, user.idToken)
    }

    /// Enrols a TOTP factor through the API; returns its secret and the tokens finalize answered with.
    func enrollTOTP(_ idToken: String, name: String = "Authenticator") throws -> (secret: [UInt8], reply: Reply) {
        let start = callV2("mfaEnrollment:start", ["idToken": idToken, "totpEnrollmentInfo": [String: Any]()])
        try #require(start.status == 200, "start failed: \(start.errorMessage ?? "")")
        let session = try #require(start.json["totpSessionInfo"])
        let key = try #require(session["sharedSecretKey"]?.stringValue)
        let secret = try #require(Base32.decode(key))
        let finalize = callV2("mfaEnrollment:finalize", [
            "idToken": idToken, "displayName": name,
            "totpVerificationInfo": ["sessionInfo": try #require(session["sessionInfo"]?.stringValue),
                                     "verificationCode": try TOTP.code(secret: secret, at: clock.now)],
        ])
        try #require(finalize.status == 200, "finalize failed: \(finalize.errorMessage ?? "")")
        return (secret, finalize)
    }

    /// Enrols `number` as an SMS factor through the API, reading the code from the emulator's inbox.
    func enrollPhone(_ idToken: String, number: String) throws -> Reply {
        let start = callV2("mfaEnrollment:start", ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": number]])
        let sessionInfo = try #require(start.json["phoneSessionInfo"]?["sessionInfo"]?.stringValue)
        return callV2("mfaEnrollment:finalize", [
            "idToken": idToken, "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": try smsCode(sessionInfo)],
        ])
    }

    /// The code the verificationCodes inbox lists for `sessionInfo`.
    func smsCode(_ sessionInfo: String) throws -> String {
        let listed = try #require(verificationCodes().first { $0["sessionInfo"]?.stringValue == sessionInfo })
        return try #require(listed["code"]?.stringValue)
    }

    /// The first `mfaInfo` entry `accounts:lookup` lists for an ID token's user.
    func firstFactor(_ idToken: String) -> JSONValue? {
        if case .array(let factors)? = user(idToken)?["mfaInfo"] { return factors.first }
        return nil
    }

    /// A password sign-in that must answer with a second-factor challenge.
    func challenge(_ email: String = "ada@example.com") throws -> Reply {
        let reply = call("signInWithPassword", ["email": email, "password": "secret1", "returnSecureToken": true])
        #expect(reply.status == 200)
        #expect(reply.string("idToken") == nil && reply.string("refreshToken") == nil)
        _ = try #require(reply.string("mfaPendingCredential"))
        return reply
    }
}

@Suite("v2 mfaEnrollment and mfaSignIn: phone and TOTP second factors")
struct MultiFactorEndpointTests {
    @Test("TOTP: enrol, sign in (challenge, wrong code, right code), claims survive a refresh")
    func totp() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let start = emulator.callV2("mfaEnrollment:start", ["idToken": user.idToken,
                                                            "totpEnrollmentInfo": [String: Any]()])
        let session = try #require(start.json["totpSessionInfo"])
        #expect(session["verificationCodeLength"] == .number(6) && session["periodSec"] == .number(30))
        #expect(session["hashingAlgorithm"]?.stringValue == "SHA1")
        #expect(session["finalizeEnrollmentTime"]?.stringValue?.hasSuffix("Z") == true)
        #expect(Base32.decode(session["sharedSecretKey"]?.stringValue ?? "")?.count == 20)

        let (secret, enrolled) = try emulator.enrollTOTP(user.idToken)
        #expect(enrolled.json["totpAuthInfo"] == .object([:]))
        let newToken = try #require(enrolled.string("idToken"))
        let listed = try #require(emulator.firstFactor(newToken))
        #expect(listed["displayName"]?.stringValue == "Authenticator" && listed["totpInfo"] == .object([:]))
        let enrollmentID = try #require(listed["mfaEnrollmentId"]?.stringValue)

        emulator.clock.advance(by: 60)
        let challenge = try emulator.challenge()
        let hint = try #require(challenge.array("mfaInfo").first)
        #expect(hint["mfaEnrollmentId"]?.stringValue == enrollmentID && hint["totpInfo"] == .object([:]))
        let pending = try #require(challenge.string("mfaPendingCredential"))
        let code = try TOTP.code(secret: secret, at: emulator.clock.now)
        let wrong = code == "000000" ? "111111" : "000000"
        let rejected = emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
            "totpVerificationInfo": ["verificationCode": wrong],
        ])
        #expect(rejected.errorCode == "INVALID_CODE")
        let signedIn = emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
            "totpVerificationInfo": ["verificationCode": code],
        ])
        let claims = try jwtClaims(try #require(signedIn.string("idToken")))
        #expect(claims["sub"]?.stringValue == user.uid)
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
        #expect(claims["firebase"]?["sign_in_second_factor"]?.stringValue == "totp")
        #expect(claims["firebase"]?["second_factor_identifier"]?.stringValue == enrollmentID)
        // Issue 27 item 13: a session cookie made from the token keeps its second factor.
        let cookie = emulator.admin("POST", projectPath(":createSessionCookie"),
                                    ["idToken": try #require(signedIn.string("idToken"))])
        let cookieClaims = try jwtClaims(try #require(cookie.string("sessionCookie")))
        #expect(cookieClaims["firebase"]?["sign_in_second_factor"]?.stringValue == "totp")
        #expect(cookieClaims["firebase"]?["second_factor_identifier"]?.stringValue == enrollmentID)
        let refreshed = emulator.refresh(try #require(signedIn.string("refreshToken")))
        let refreshedClaims = try jwtClaims(try #require(refreshed.string("id_token")))
        #expect(refreshedClaims["firebase"]?["sign_in_second_factor"]?.stringValue == "totp")
        #expect(emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
            "totpVerificationInfo": ["verificationCode": code],
        ]).errorCode == "INVALID_MFA_PENDING_CREDENTIAL")
    }

    @Test("phone: enrolment and sign-in SMS codes land in the inbox; hints mask the number; lookup does not")
    func phone() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let enrolled = try emulator.enrollPhone(user.idToken, number: "+15555550100")
        #expect(enrolled.status == 200)
        let enrolledToken = try #require(enrolled.string("idToken"))
        let listed = try #require(emulator.firstFactor(enrolledToken))
        #expect(listed["phoneInfo"]?.stringValue == "+15555550100")
        let enrollmentID = try #require(listed["mfaEnrollmentId"]?.stringValue)

        let challenge = try emulator.challenge()
        #expect(challenge.array("mfaInfo").first?["phoneInfo"]?.stringValue == "+*******0100")
        let pending = try #require(challenge.string("mfaPendingCredential"))
        let start = emulator.callV2("mfaSignIn:start", ["mfaPendingCredential": pending,
                                                        "mfaEnrollmentId": enrollmentID,
                                                        "phoneSignInInfo": [String: Any]()])
        let sessionInfo = try #require(start.json["phoneResponseInfo"]?["sessionInfo"]?.stringValue)
        let code = try emulator.smsCode(sessionInfo)
        let wrong = code == "000000" ? "111111" : "000000"
        #expect(emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": wrong],
        ]).errorCode == "INVALID_CODE")
        let signedIn = emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": code],
        ])
        let claims = try jwtClaims(try #require(signedIn.string("idToken")))
        #expect(claims["firebase"]?["sign_in_second_factor"]?.stringValue == "phone")
        #expect(claims["firebase"]?["second_factor_identifier"]?.stringValue == enrollmentID)
        #expect(claims["phone_number"] == nil)
    }

    @Test("withdrawal returns new tokens and ends the challenge; an unknown factor is MFA_ENROLLMENT_NOT_FOUND")
    func withdraw() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let token = try #require(try emulator.enrollTOTP(user.idToken).reply.string("idToken"))
        let enrollmentID = try #require(emulator.firstFactor(token)?["mfaEnrollmentId"]?.stringValue)
        let withdrawn = emulator.callV2("mfaEnrollment:withdraw", ["idToken": token, "mfaEnrollmentId": enrollmentID])
        let newToken = try #require(withdrawn.string("idToken"))
        #expect(withdrawn.string("refreshToken") != nil)
        #expect(emulator.user(newToken)?["mfaInfo"] == nil)
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"])
            .string("idToken") != nil)
        #expect(emulator.callV2("mfaEnrollment:withdraw", ["idToken": newToken, "mfaEnrollmentId": enrollmentID])
            .errorCode == "MFA_ENROLLMENT_NOT_FOUND")
    }

    @Test("enrolment rules: anonymous, unverified, the same phone twice, five factors at most")
    func enrollmentRules() throws {
        let emulator = try Emulator()
        let anonymous = try #require(emulator.call("signUp", [:]).string("idToken"))
        #expect(emulator.callV2("mfaEnrollment:start", ["idToken": anonymous, "totpEnrollmentInfo": [String: Any]()])
            .errorCode == "UNSUPPORTED_FIRST_FACTOR")
        let unverified = try emulator.signUp("bob@example.com")
        #expect(emulator.callV2("mfaEnrollment:start", ["idToken": unverified.idToken,
                                                        "totpEnrollmentInfo": [String: Any]()])
            .errorCode == "UNVERIFIED_EMAIL")
        #expect(emulator.callV2("mfaEnrollment:start", ["totpEnrollmentInfo": [String: Any]()]).errorCode
            == "INVALID_ID_TOKEN")

        let user = try emulator.verifiedUser()
        #expect(try emulator.enrollPhone(user.idToken, number: "+15555550100").status == 200)
        #expect(emulator.callV2("mfaEnrollment:start", ["idToken": user.idToken,
                                                        "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
            .errorCode == "SECOND_FACTOR_EXISTS")
        for index in 0..<4 { _ = try emulator.enrollTOTP(user.idToken, name: "App \(index)") }
        #expect(emulator.callV2("mfaEnrollment:start", ["idToken": user.idToken,
                                                        "totpEnrollmentInfo": [String: Any]()])
            .errorCode == "SECOND_FACTOR_LIMIT_EXCEEDED")
        #expect(emulator.callV2("mfaEnrollment:finalize", ["idToken": user.idToken]).errorCode == "INVALID_ARGUMENT")
    }

    @Test("sign-in errors: missing fields, pending credentials expire after ten minutes, unknown operations 404")
    func signInErrors() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let (secret, _) = try emulator.enrollTOTP(user.idToken)
        let challenge = try emulator.challenge()
        let pending = try #require(challenge.string("mfaPendingCredential"))
        let enrollmentID = try #require(challenge.array("mfaInfo").first?["mfaEnrollmentId"]?.stringValue)
        #expect(emulator.callV2("mfaSignIn:start", ["mfaEnrollmentId": enrollmentID,
                                                    "phoneSignInInfo": [String: Any]()])
            .errorCode == "MISSING_MFA_PENDING_CREDENTIAL")
        #expect(emulator.callV2("mfaSignIn:start", ["mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
                                                    "phoneSignInInfo": [String: Any]()])
            .errorCode == "MFA_ENROLLMENT_NOT_FOUND")
        #expect(emulator.callV2("mfaSignIn:finalize", ["mfaPendingCredential": pending]).errorCode
            == "MISSING_CREDENTIAL")
        #expect(emulator.callV2("mfaSignIn:finalize", ["mfaPendingCredential": pending,
                                                       "totpVerificationInfo": ["verificationCode": "123456"]])
            .errorCode == "MISSING_MFA_ENROLLMENT_ID")
        emulator.clock.advance(by: 601)
        #expect(emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
            "totpVerificationInfo": ["verificationCode": try TOTP.code(secret: secret, at: emulator.clock.now)],
        ]).errorCode == "INVALID_MFA_PENDING_CREDENTIAL")
        let unknown = emulator.send(HTTPRequest(method: "POST",
                                                path: "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:nope",
                                                query: ["key": "k"], body: Data("{}".utf8)))
        #expect(unknown.status == 404)
    }

    @Test("a custom-token sign-in is challenged too, and its claims reach the tokens after the second factor")
    func customTokenChallenge() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let (secret, _) = try emulator.enrollTOTP(user.idToken)
        emulator.clock.advance(by: 60)
        let challenge = emulator.call("signInWithCustomToken", [
            "token": try customToken(uid: user.uid, claims: ["premium": true]), "returnSecureToken": true,
        ])
        #expect(challenge.status == 200 && challenge.string("idToken") == nil)
        let pending = try #require(challenge.string("mfaPendingCredential"))
        let enrollmentID = try #require(challenge.array("mfaInfo").first?["mfaEnrollmentId"]?.stringValue)
        let signedIn = emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
            "totpVerificationInfo": ["verificationCode": try TOTP.code(secret: secret, at: emulator.clock.now)],
        ])
        let claims = try jwtClaims(try #require(signedIn.string("idToken")))
        #expect(claims["premium"] == .bool(true))
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "custom")
        #expect(claims["firebase"]?["sign_in_second_factor"]?.stringValue == "totp")
    }

    @Test("an identity-provider sign-in of an account with factors is challenged too, with its IdP fields")
    func identityProviderChallenge() throws {
        let emulator = try Emulator()
        let body: [String: Any] = ["requestUri": "http://localhost", "postBody": try idpPostBody(),
                                   "returnSecureToken": true]
        let first = emulator.call("signInWithIdp", body)
        let idToken = try #require(first.string("idToken"))
        _ = try emulator.enrollTOTP(idToken)
        let again = emulator.call("signInWithIdp", body)
        #expect(again.status == 200 && again.string("idToken") == nil)
        #expect(again.string("mfaPendingCredential") != nil && again.string("providerId") == "google.com")
    }

    @Test("a phone first factor is held back for a TOTP factor, and refused once a text-message factor is enrolled")
    func phoneFirstFactor() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let number = "+15555550101"
        let owner = ["Authorization": "Bearer owner"]
        #expect(emulator.call("update", ["localId": user.uid, "phoneNumber": number], headers: owner).status == 200)
        let (_, enrolled) = try emulator.enrollTOTP(user.idToken)
        let sent = emulator.call("sendVerificationCode", ["phoneNumber": number])
        let sessionInfo = try #require(sent.string("sessionInfo"))
        let held = emulator.call("signInWithPhoneNumber", ["sessionInfo": sessionInfo,
                                                           "code": try emulator.smsCode(sessionInfo)])
        #expect(held.status == 200 && held.string("idToken") == nil && held.string("mfaPendingCredential") != nil)

        #expect(try emulator.enrollPhone(try #require(enrolled.string("idToken")), number: "+15555550199").status == 200)
        let listed = emulator.verificationCodes().count
        let refused = emulator.call("sendVerificationCode", ["phoneNumber": number])
        #expect(refused.errorMessage
            == "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user.")
        #expect(emulator.verificationCodes().count == listed, "no code is sent")
    }

    @Test("an email-link sign-in is challenged too; an enrolment SMS code cannot sign in by phone")
    func emailLinkAndPhoneSessions() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let start = emulator.callV2("mfaEnrollment:start", ["idToken": user.idToken,
                                                            "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]])
        let sessionInfo = try #require(start.json["phoneSessionInfo"]?["sessionInfo"]?.stringValue)
        let code = try emulator.smsCode(sessionInfo)
        #expect(emulator.call("signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code]).errorCode
            == "INVALID_SESSION_INFO")
        #expect(emulator.callV2("mfaEnrollment:finalize", [
            "idToken": user.idToken, "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": code],
        ]).status == 200)

        _ = emulator.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com",
                                          "continueUrl": "https://example.com"])
        let oobCode = try #require(emulator.oobCodes().last?["oobCode"]?.stringValue)
        let signIn = emulator.call("signInWithEmailLink", ["email": "ada@example.com", "oobCode": oobCode])
        #expect(signIn.status == 200 && signIn.string("idToken") == nil)
        #expect(signIn.string("mfaPendingCredential") != nil)
        #expect(signIn.array("mfaInfo").first?["phoneInfo"]?.stringValue == "+*******0100")
    }
}
