import AuthEmulator
import Foundation
import Testing
import TestSupport

@Suite("sendVerificationCode, signInWithPhoneNumber and the verificationCodes inbox")
struct PhoneEndpointTests {
    /// Sends a code to `number`; returns the session info and the code the inbox lists for it.
    private func sendCode(_ emulator: Emulator, to number: String) throws -> (sessionInfo: String, code: String) {
        let send = emulator.call("sendVerificationCode", ["phoneNumber": number, "recaptchaToken": "ignored"])
        let sessionInfo = try #require(send.string("sessionInfo"))
        let listed = try #require(emulator.verificationCodes().first { $0["sessionInfo"]?.stringValue == sessionInfo })
        #expect(listed["phoneNumber"]?.stringValue == number)
        let code = try #require(listed["code"]?.stringValue)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        return (sessionInfo, code)
    }

    @Test("a listed code signs up once, then signs in to the same account; used codes leave the inbox")
    func signIn() throws {
        let emulator = try Emulator()
        let first = try sendCode(emulator, to: "+15555550100")
        let signUp = emulator.call("signInWithPhoneNumber", ["sessionInfo": first.sessionInfo, "code": first.code])
        #expect(signUp.status == 200)
        #expect(signUp.bool("isNewUser") == true)
        #expect(signUp.string("phoneNumber") == "+15555550100")
        #expect(signUp.string("expiresIn") == "3600")
        let claims = try jwtClaims(try #require(signUp.string("idToken")))
        #expect(claims["phone_number"]?.stringValue == "+15555550100")
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "phone")
        #expect(emulator.verificationCodes().isEmpty)

        let second = try sendCode(emulator, to: "+15555550100")
        let signIn = emulator.call("signInWithPhoneNumber", ["sessionInfo": second.sessionInfo, "code": second.code])
        #expect(signIn.bool("isNewUser") == false)
        #expect(signIn.string("localId") == signUp.string("localId"))
    }

    /// Regression (issue 13 item 26): the inbox had no time, so `fauth-tui inbox` showed when it asked.
    @Test("each listed code and email says when it was sent")
    func listedMessagesCarryTheirSendingTime() throws {
        let emulator = try Emulator()
        let sent = emulator.clock.now
        let sms = emulator.call("sendVerificationCode", ["phoneNumber": "+15555550100", "recaptchaToken": "ignored"])
        #expect(sms.status == 200)
        _ = try emulator.signUp()
        #expect(emulator.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"]).status == 200)
        emulator.clock.advance(by: 90)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expected = formatter.string(from: sent)
        #expect(emulator.verificationCodes().map { $0["sentAt"]?.stringValue } == [expected])
        #expect(emulator.oobCodes().map { $0["sentAt"]?.stringValue } == [expected])
    }

    @Test("phone errors: missing number, bad number, missing session or code, wrong code, unknown session")
    func errors() throws {
        let emulator = try Emulator()
        #expect(emulator.call("sendVerificationCode", [:]).errorMessage == "INVALID_PHONE_NUMBER : Invalid format.")
        #expect(emulator.call("sendVerificationCode", ["phoneNumber": "5555550100"]).errorMessage
            == "INVALID_PHONE_NUMBER : Invalid format.")
        let sent = try sendCode(emulator, to: "+15555550100")
        #expect(emulator.call("signInWithPhoneNumber", ["code": sent.code]).errorCode == "MISSING_SESSION_INFO")
        #expect(emulator.call("signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo]).errorCode == "MISSING_CODE")
        let wrong = sent.code == "000000" ? "111111" : "000000"
        #expect(emulator.call("signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": wrong]).errorCode
            == "INVALID_CODE")
        #expect(emulator.call("signInWithPhoneNumber", ["sessionInfo": "unknown", "code": sent.code]).errorCode
            == "INVALID_SESSION_INFO")
        emulator.clock.advance(by: 301)
        #expect(emulator.call("signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": sent.code])
            .errorCode == "SESSION_EXPIRED")
    }

    @Test("with idToken the number is linked; another account's number gives a temporaryProof for it")
    func linking() throws {
        let emulator = try Emulator()
        let owner = try sendCode(emulator, to: "+15555550100")
        let ownerUID = emulator.call("signInWithPhoneNumber", ["sessionInfo": owner.sessionInfo, "code": owner.code])
            .string("localId")
        let ada = try emulator.signUp()

        let mine = try sendCode(emulator, to: "+15555550199")
        let linked = emulator.call("signInWithPhoneNumber", ["sessionInfo": mine.sessionInfo, "code": mine.code,
                                                             "idToken": ada.idToken])
        #expect(linked.string("localId") == ada.uid)
        #expect(emulator.user(ada.idToken)?["phoneNumber"]?.stringValue == "+15555550199")

        let taken = try sendCode(emulator, to: "+15555550100")
        let bob = try emulator.signUp("bob@example.com")
        let conflict = emulator.call("signInWithPhoneNumber", ["sessionInfo": taken.sessionInfo, "code": taken.code,
                                                               "idToken": bob.idToken])
        #expect(conflict.status == 200)
        #expect(conflict.string("idToken") == nil)
        #expect(conflict.string("phoneNumber") == "+15555550100")
        let proof = try #require(conflict.string("temporaryProof"))
        #expect(emulator.call("signInWithPhoneNumber", ["temporaryProof": proof, "phoneNumber": "+15555550199"])
            .errorCode == "INVALID_TEMPORARY_PROOF")
        let viaProof = emulator.call("signInWithPhoneNumber", ["temporaryProof": proof,
                                                               "phoneNumber": "+15555550100"])
        #expect(viaProof.status == 200)
        #expect(viaProof.string("localId") == ownerUID)
    }
}
