import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport

/// The default `fauth-tui emulator` issues tokens as Firebase's emulator does; `--strict` applies production's
/// rules instead. Each rule is pinned here in both modes (TokenTests and the other suites pin the strict side
/// at length; Tests/EmulatorSpec ports firebase-tools' own cases for the default).
@Suite("Firebase's emulator's tokens by default, production's under --strict")
struct FirebaseEmulatorRulesTests {
    @Test("ID tokens are unsigned (alg none, empty signature) with Firebase's claims; HS256 under --strict")
    func unsignedIDTokens() throws {
        let emulator = try Emulator(strict: false)
        let (uid, idToken, _) = try emulator.signUp("Ada@example.com")
        #expect(idToken.hasSuffix("."))
        #expect(try jwtSegment(idToken, 0) == .object(["alg": .string("none"), "typ": .string("JWT")]))
        let claims = try jwtClaims(idToken)
        #expect(claims["iss"]?.stringValue == "https://securetoken.google.com/\(testProject)")
        #expect(claims["aud"]?.stringValue == testProject)
        #expect(claims["user_id"]?.stringValue == uid)
        #expect(claims["exp"] == .number(emulator.clock.now.timeIntervalSince1970 + 3600))
        #expect(claims["provider_id"] == nil)
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
        let strict = try Emulator()
        #expect(try jwtSegment(try strict.signUp().idToken, 0)["alg"]?.stringValue == "HS256")
    }

    @Test("an anonymous token carries provider_id 'anonymous' in both modes")
    func anonymousProviderClaim() throws {
        for strict in [false, true] {
            let emulator = try Emulator(strict: strict)
            let reply = emulator.call("signUp", [:])
            let claims = try jwtClaims(try #require(reply.string("idToken")))
            #expect(claims["provider_id"]?.stringValue == "anonymous", "strict: \(strict)")
            #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "anonymous", "strict: \(strict)")
        }
    }

    @Test("a password added to a guest makes the new tokens a password sign-in")
    func passwordForAGuest() throws {
        let emulator = try Emulator(strict: false)
        let guest = emulator.call("signUp", [:])
        let reply = emulator.call("update", ["idToken": try #require(guest.string("idToken")),
                                             "email": "ada@example.com", "password": "secret1"])
        #expect(reply.status == 200)
        let claims = try jwtClaims(try #require(reply.string("idToken")))
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
    }

    @Test("unsigned tokens never expire but are revoked; our own HS256 ones are accepted; under --strict they expire")
    func acceptedTokens() throws {
        let emulator = try Emulator(strict: false)
        let (uid, idToken, _) = try emulator.signUp()
        emulator.clock.advance(by: 7200)
        #expect(emulator.call("lookup", ["idToken": idToken]).status == 200)
        let signed = try IDToken(projectID: testProject, key: try emulator.engine.idTokenSigningKey())
            .mint(for: try #require(try emulator.engine.account(uid: uid)), provider: "password",
                  authTime: emulator.clock.now, now: emulator.clock.now)
        #expect(emulator.call("lookup", ["idToken": signed]).status == 200)
        emulator.clock.advance(by: 5)
        _ = emulator.call("update", ["localId": uid, "validSince": String(Int(emulator.clock.now.timeIntervalSince1970))],
                          headers: ["Authorization": "Bearer owner"])
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")

        let strict = try Emulator()
        let strictToken = try strict.signUp().idToken
        strict.clock.advance(by: 3600)
        #expect(strict.call("lookup", ["idToken": strictToken]).errorCode == "TOKEN_EXPIRED")
    }

    @Test("a token signed otherwise, or with another key, is INVALID_ID_TOKEN; an unsigned one for nobody USER_NOT_FOUND")
    func refusedTokens() throws {
        let emulator = try Emulator(strict: false)
        let (_, idToken, _) = try emulator.signUp()
        let other = try Emulator(strict: true)
        let foreign = try other.signUp().idToken
        var claims = try foundationClaims(idToken)
        let rs256 = try unsignedJWT(claims)
        for token in [foreign, rs256, "garbage", "a.b.c"] {
            #expect(emulator.call("lookup", ["idToken": token]).errorCode == "INVALID_ID_TOKEN", "\(token)")
        }
        claims["sub"] = "nobody"
        claims["user_id"] = "nobody"
        #expect(emulator.call("lookup", ["idToken": try algNoneJWT(claims)]).errorCode == "USER_NOT_FOUND")
        #expect(try Emulator().call("lookup", ["idToken": idToken]).errorCode == "INVALID_ID_TOKEN")
    }

    @Test("session cookies are unsigned like ID tokens; HS256 under --strict")
    func sessionCookies() throws {
        for strict in [false, true] {
            let emulator = try Emulator(strict: strict)
            let (_, idToken, _) = try emulator.signUp()
            let reply = emulator.admin("POST", projectPath(":createSessionCookie"), ["idToken": idToken])
            let cookie = try #require(reply.string("sessionCookie"))
            #expect(try jwtSegment(cookie, 0)["alg"]?.stringValue == (strict ? "HS256" : "none"))
            #expect(try jwtClaims(cookie)["iss"]?.stringValue == "https://session.firebase.google.com/\(testProject)")
        }
    }

    @Test("refresh tokens are Firebase's emulator's base64 records around a random token; opaque under --strict")
    func refreshTokenRecords() throws {
        let emulator = try Emulator(strict: false)
        let (uid, _, refreshToken) = try emulator.signUp()
        let recordData = try #require(Data(base64Encoded: refreshToken))
        let record = try #require(try JSONValue(data: recordData).objectValue)
        #expect(record["_AuthEmulatorRefreshToken"]?.stringValue == "DO NOT MODIFY")
        #expect(record["localId"]?.stringValue == uid)
        #expect(record["provider"]?.stringValue == "password")
        #expect(record["projectId"]?.stringValue == testProject)
        #expect(record["extraClaims"] == .object([:]))
        let reply = emulator.refresh(refreshToken)
        #expect(reply.status == 200)
        #expect(reply.string("refresh_token") == refreshToken)
        #expect(reply.string("project_id") == "12345")

        var forged = try #require(try JSONSerialization.jsonObject(with: recordData) as? [String: Any])
        forged["token"] = "never-issued"
        let forgedToken = try JSONSerialization.data(withJSONObject: forged).base64EncodedString()
        #expect(emulator.refresh(forgedToken).errorCode == "INVALID_REFRESH_TOKEN")

        let strict = try Emulator()
        let opaque = try strict.signUp().refreshToken
        #expect(Data(base64Encoded: opaque).flatMap { try? JSONValue(data: $0) } == nil)
        #expect(strict.refresh(opaque).string("project_id")?.count == 12)
    }

    @Test("a record's refresh token is revoked by a password change like an opaque one")
    func revokedRecord() throws {
        let emulator = try Emulator(strict: false)
        let (_, idToken, refreshToken) = try emulator.signUp()
        emulator.clock.advance(by: 5)
        #expect(emulator.call("update", ["idToken": idToken, "password": "newsecret"]).status == 200)
        #expect(emulator.refresh(refreshToken).errorCode == "TOKEN_EXPIRED")
    }

    @Test("a deleted user's refresh token is INVALID_REFRESH_TOKEN; USER_NOT_FOUND under --strict")
    func deletedUsersRefreshToken() throws {
        for (strict, code) in [(false, "INVALID_REFRESH_TOKEN"), (true, "USER_NOT_FOUND")] {
            let emulator = try Emulator(strict: strict)
            let user = try emulator.signUp()
            #expect(emulator.call("delete", ["idToken": user.idToken]).status == 200)
            #expect(emulator.refresh(user.refreshToken).errorCode == code, "strict: \(strict)")
        }
    }

    @Test("mfaSignIn:start is served without phoneSignInInfo; INVALID_ARGUMENT under --strict")
    func phoneSignInInfo() throws {
        for strict in [false, true] {
            let emulator = try Emulator(strict: strict)
            let user = try emulator.verifiedUser()
            #expect(try emulator.enrollPhone(user.idToken, number: "+15555550100").status == 200)
            let challenge = try emulator.challenge()
            let start = emulator.callV2("mfaSignIn:start", [
                "mfaPendingCredential": try #require(challenge.string("mfaPendingCredential")),
                "mfaEnrollmentId": try #require(challenge.array("mfaInfo").first?["mfaEnrollmentId"]?.stringValue),
            ])
            if strict {
                #expect(start.errorCode == "INVALID_ARGUMENT")
            } else {
                #expect(start.json["phoneResponseInfo"]?["sessionInfo"]?.stringValue != nil)
            }
        }
    }

    @Test("lookup lists mfaInfo [] after the last withdrawal, none after an update emptied it; none under --strict")
    func emptiedFactorList() throws {
        for strict in [false, true] {
            let emulator = try Emulator(strict: strict)
            let user = try emulator.verifiedUser()
            let token = try #require(try emulator.enrollTOTP(user.idToken).reply.string("idToken"))
            let enrollmentID = try #require(emulator.firstFactor(token)?["mfaEnrollmentId"]?.stringValue)
            let withdrawn = emulator.callV2("mfaEnrollment:withdraw", ["idToken": token,
                                                                       "mfaEnrollmentId": enrollmentID])
            let newToken = try #require(withdrawn.string("idToken"))
            #expect(emulator.user(newToken)?["mfaInfo"] == (strict ? nil : .array([])), "strict: \(strict)")
            _ = emulator.call("update", ["localId": user.uid, "mfa": [String: Any]()],
                              headers: ["Authorization": "Bearer owner"])
            #expect(emulator.user(newToken)?["mfaInfo"] == nil, "strict: \(strict)")
        }
    }
}

/// The claims of a JWT as Foundation objects.
private func foundationClaims(_ token: String) throws -> [String: Any] {
    let part = try #require(token.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first)
    var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let data = try #require(Data(base64Encoded: base64))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// An unsigned JWT (`alg: none`, empty signature) carrying `claims`, as Firebase's emulator writes one.
private func algNoneJWT(_ claims: [String: Any]) throws -> String {
    func encode(_ object: [String: Any]) throws -> String {
        try JSONSerialization.data(withJSONObject: object).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    return try "\(encode(["alg": "none", "typ": "JWT"])).\(encode(claims))."
}
