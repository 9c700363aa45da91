import AuthEmulator
import Foundation
import LocalAuth
import Testing
import TestSupport

/// Guessing through the REST API: codes and passwords are cut off long before a guesser can succeed.
@Suite("Abuse: guessing second-factor codes, SMS codes and passwords over REST")
struct GuessingLimitTests {
    /// A six-digit code other than `code`.
    private func wrong(_ code: String, _ attempt: Int) -> String {
        let guess = String(format: "%06d", (attempt * 7_919) % 1_000_000)
        return guess == code ? String(format: "%06d", (attempt * 7_919 + 1) % 1_000_000) : guess
    }

    @Test("400 TOTP guesses then the right code: the right code is refused")
    func totpGuessing() throws {
        let emulator = try Emulator()
        let user = try emulator.verifiedUser()
        let (secret, enrolled) = try emulator.enrollTOTP(user.idToken)
        let token = try #require(enrolled.string("idToken"))
        let enrollmentID = try #require(emulator.firstFactor(token)?["mfaEnrollmentId"]?.stringValue)
        emulator.clock.advance(by: 60)
        let code = try TOTP.code(secret: secret, at: emulator.clock.now)
        var answers: [String: Int] = [:]
        var pending = ""
        for attempt in 0..<400 {
            if attempt % 5 == 0 { pending = try #require(try emulator.challenge().string("mfaPendingCredential")) }
            let reply = emulator.callV2("mfaSignIn:finalize", [
                "mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentID,
                "totpVerificationInfo": ["verificationCode": wrong(code, attempt)],
            ])
            answers[reply.errorCode ?? "OK", default: 0] += 1
        }
        #expect(answers == ["INVALID_CODE": 10, "TOO_MANY_ATTEMPTS_TRY_LATER": 390])
        let fresh = try #require(try emulator.challenge().string("mfaPendingCredential"))
        let last = emulator.callV2("mfaSignIn:finalize", [
            "mfaPendingCredential": fresh,
            "mfaEnrollmentId": enrollmentID, "totpVerificationInfo": ["verificationCode": code],
        ])
        #expect(last.errorCode == "TOO_MANY_ATTEMPTS_TRY_LATER")
    }

    @Test("five wrong SMS codes kill the verification: the right code then answers SESSION_EXPIRED")
    func smsGuessing() throws {
        let emulator = try Emulator()
        let sent = emulator.call("sendVerificationCode", ["phoneNumber": "+15555550100"])
        let sessionInfo = try #require(sent.string("sessionInfo"))
        let code = try emulator.smsCode(sessionInfo)
        for attempt in 0..<5 {
            let reply = emulator.call("signInWithPhoneNumber", ["sessionInfo": sessionInfo,
                                                                 "code": wrong(code, attempt)])
            #expect(reply.errorCode == "INVALID_CODE")
        }
        let right = emulator.call("signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code])
        #expect(right.errorCode == "SESSION_EXPIRED")
    }

    @Test("password guessing locks the email: after five wrong passwords the right one is refused too")
    func passwordGuessing() throws {
        let emulator = try Emulator()
        _ = try emulator.signUp("ada@example.com", password: "secret1")
        for attempt in 0..<5 {
            let reply = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "guess\(attempt)"])
            #expect(reply.errorCode == "INVALID_LOGIN_CREDENTIALS" || reply.errorCode == "INVALID_PASSWORD")
        }
        let right = emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"])
        #expect(right.errorCode == "TOO_MANY_ATTEMPTS_TRY_LATER")
    }

    @Test("a 900 KB password is answered with Firebase's policy error, not hashed")
    func hugePassword() throws {
        let emulator = try Emulator()
        let reply = emulator.call("signUp", ["email": "ada@example.com", "password": String(repeating: "x", count: 900_000)])
        #expect(reply.status == 400)
        #expect(reply.errorCode == "PASSWORD_DOES_NOT_MEET_REQUIREMENTS")
        #expect(reply.errorMessage?.contains("at most 4096 characters") == true)
    }
}
