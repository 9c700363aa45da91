import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("ID tokens and refresh tokens")
struct TokenTests {
    @Test("ID tokens carry Firebase's claims and are signed HS256")
    func claims() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp("Ada@example.com")
        #expect(try jwtSegment(idToken, 0)["alg"]?.stringValue == "HS256")
        let claims = try jwtClaims(idToken)
        let now = emulator.clock.now.timeIntervalSince1970
        #expect(claims["iss"]?.stringValue == "https://securetoken.google.com/\(testProject)")
        #expect(claims["aud"]?.stringValue == testProject)
        #expect(claims["sub"]?.stringValue == uid)
        #expect(claims["user_id"]?.stringValue == uid)
        #expect(claims["iat"] == .number(now))
        #expect(claims["auth_time"] == .number(now))
        #expect(claims["exp"] == .number(now + 3600))
        #expect(claims["email"]?.stringValue == "ada@example.com")
        #expect(claims["email_verified"] == .bool(false))
        #expect(claims["firebase"]?["identities"]?["email"] == .array([.string("ada@example.com")]))
    }

    @Test("a tampered signature, a changed payload, alg none and garbage are INVALID_ID_TOKEN")
    func forgedTokens() throws {
        let emulator = try Emulator()
        let (_, idToken, _) = try emulator.signUp()
        let parts = idToken.split(separator: ".").map(String.init)
        let middle = parts[2].index(parts[2].startIndex, offsetBy: 10)
        var signature = parts[2]
        signature.replaceSubrange(middle...middle, with: signature[middle] == "A" ? "B" : "A")
        let badSignature = "\(parts[0]).\(parts[1]).\(signature)"
        let lastFlipped = parts[2].last == "A" ? "B" : "A"
        let nonCanonical = "\(parts[0]).\(parts[1]).\(parts[2].dropLast())\(lastFlipped)"
        var claims = try #require(try jwtClaims(idToken).objectValue)
        claims["sub"] = .string("someone-else")
        let forgedPayload = "\(parts[0]).\(try encodeClaims(claims)).\(parts[2])"
        let noneHeader = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        let algNone = "\(noneHeader).\(parts[1])."
        for token in [badSignature, nonCanonical, forgedPayload, algNone, "garbage", ""] {
            #expect(emulator.call("lookup", ["idToken": token]).errorCode == "INVALID_ID_TOKEN", "\(token)")
        }
    }

    @Test("a token of another store (other signing key) is INVALID_ID_TOKEN")
    func foreignKey() throws {
        let first = try Emulator()
        let second = try Emulator()
        let (_, idToken, _) = try first.signUp()
        #expect(second.call("lookup", ["idToken": idToken]).errorCode == "INVALID_ID_TOKEN")
    }

    @Test("an ID token expires after an hour (TOKEN_EXPIRED), unlike Firebase's emulator")
    func expiry() throws {
        let emulator = try Emulator()
        let (_, idToken, refreshToken) = try emulator.signUp()
        emulator.clock.advance(by: 3599)
        #expect(emulator.call("lookup", ["idToken": idToken]).status == 200)
        emulator.clock.advance(by: 1)
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
        let refreshed = emulator.refresh(refreshToken)
        #expect(refreshed.status == 200)
        #expect(emulator.call("lookup", ["idToken": refreshed.string("id_token") ?? ""]).status == 200)
    }

    @Test("refresh answers in snake_case, keeps auth_time and the refresh token; form or JSON")
    func refresh() throws {
        let emulator = try Emulator()
        let (uid, idToken, refreshToken) = try emulator.signUp()
        emulator.clock.advance(by: 600)
        for json in [false, true] {
            let reply = emulator.refresh(refreshToken, json: json)
            #expect(reply.status == 200)
            #expect(reply.string("user_id") == uid)
            #expect(reply.string("refresh_token") == refreshToken)
            #expect(reply.string("token_type") == "Bearer")
            #expect(reply.string("expires_in") == "3600")
            #expect(reply.string("access_token") == reply.string("id_token"))
            #expect(reply.string("project_id")?.count == 12)
            let claims = try jwtClaims(try #require(reply.string("id_token")))
            #expect(claims["auth_time"] == (try jwtClaims(idToken))["auth_time"])
            #expect(claims["iat"] == .number(emulator.clock.now.timeIntervalSince1970))
        }
    }

    @Test("refresh errors", arguments: [
        ("", "MISSING_GRANT_TYPE"),
        ("grant_type=authorization_code&refresh_token=x", "INVALID_GRANT_TYPE"),
        ("grant_type=refresh_token", "MISSING_REFRESH_TOKEN"),
        ("grant_type=refresh_token&refresh_token=never-issued", "INVALID_REFRESH_TOKEN"),
    ])
    func refreshErrors(body: String, code: String) throws {
        let emulator = try Emulator()
        let reply = emulator.send(HTTPRequest(method: "POST", path: "/securetoken.googleapis.com/v1/token",
                                             query: ["key": "k"],
                                             headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                             body: Data(body.utf8)))
        #expect(reply.status == 400)
        #expect(reply.errorCode == code)
    }

    @Test("a password change revokes older tokens: TOKEN_EXPIRED for both, the new ones work")
    func revokedByPasswordChange() throws {
        let emulator = try Emulator()
        let (_, idToken, refreshToken) = try emulator.signUp()
        emulator.clock.advance(by: 5)
        let update = emulator.call("update", ["idToken": idToken, "password": "newsecret",
                                              "returnSecureToken": true])
        #expect(update.status == 200)
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
        #expect(emulator.refresh(refreshToken).errorCode == "TOKEN_EXPIRED")
        #expect(emulator.call("lookup", ["idToken": update.string("idToken") ?? ""]).status == 200)
        #expect(emulator.refresh(update.string("refreshToken") ?? "").status == 200)
    }

    @Test("a password reset revokes older tokens too")
    func revokedByReset() throws {
        let emulator = try Emulator()
        let (_, idToken, refreshToken) = try emulator.signUp()
        emulator.clock.advance(by: 5)
        _ = emulator.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        let code = try #require(emulator.oobCodes().first?["oobCode"]?.stringValue)
        #expect(emulator.call("resetPassword", ["oobCode": code, "newPassword": "newsecret"]).status == 200)
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
        #expect(emulator.refresh(refreshToken).errorCode == "TOKEN_EXPIRED")
    }

    @Test("tokens of a deleted user give USER_NOT_FOUND; of a disabled one USER_DISABLED")
    func deletedAndDisabled() throws {
        let emulator = try Emulator()
        let ada = try emulator.signUp()
        let bob = try emulator.signUp("bob@example.com")
        _ = emulator.call("update", ["localId": bob.uid, "disableUser": true],
                          headers: ["Authorization": "Bearer owner"])
        #expect(emulator.call("lookup", ["idToken": bob.idToken]).errorCode == "USER_DISABLED")
        #expect(emulator.refresh(bob.refreshToken).errorCode == "USER_DISABLED")
        #expect(emulator.call("delete", ["idToken": ada.idToken]).status == 200)
        #expect(emulator.call("lookup", ["idToken": ada.idToken]).errorCode == "USER_NOT_FOUND")
        #expect(emulator.refresh(ada.refreshToken).errorCode == "USER_NOT_FOUND")
    }

    private func encodeClaims(_ claims: [String: JSONValue]) throws -> String {
        func foundation(_ value: JSONValue) -> Any {
            switch value {
            case .object(let members): members.mapValues(foundation)
            case .array(let elements): elements.map(foundation)
            case .string(let text): text
            case .number(let number): number
            case .bool(let flag): flag
            case .null: NSNull()
            }
        }
        return try JSONSerialization.data(withJSONObject: foundation(.object(claims))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
