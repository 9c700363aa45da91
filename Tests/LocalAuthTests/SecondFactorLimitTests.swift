import AuthCore
import Foundation
@testable import LocalAuth
import Testing

/// TOTP codes cannot be guessed: wrong codes count per pending sign-in and per account, and no code works twice.
extension MultiFactorEngineTests {
    /// A code the factor does not accept now.
    private func wrongCode(_ secret: [UInt8]) throws -> String {
        try TOTP.accepts("000000", secret: secret, at: clock.now) ? "111111" : "000000"
    }

    /// A fresh pending sign-in of ada@example.com.
    private func challenge() throws -> String {
        try #require(try engine.signIn(email: "ada@example.com", password: "secret1").challenge).pendingCredential
    }

    /// The error finishing `pending` with `code` gives, or nil when it signs in.
    private func failure(_ pending: String, _ factor: EnrolledFactor, _ code: String) -> AuthError? {
        do {
            _ = try engine.finishTOTPMultiFactorSignIn(pendingCredential: pending, enrollmentID: factor.id, code: code)
            return nil
        } catch {
            return error
        }
    }

    /// Whether `error` is the auth error `code`, whatever its detail.
    private func isAuthError(_ error: AuthError?, _ code: AuthErrorCode) -> Bool {
        error?.code == code
    }

    @Test("the fifth wrong TOTP code kills the pending sign-in: the right code then needs a new sign-in")
    func wrongCodesKillThePendingSignIn() throws {
        let (factor, secret) = try enrollTOTP(uid: try verifiedAccount().account.uid)
        clock.advance(by: 90)
        let pending = try challenge()
        for _ in 0..<LocalAuthEngine.maximumWrongCodesPerSignIn {
            #expect(failure(pending, factor, try wrongCode(secret)) == AuthError(.invalidCode))
        }
        let right = try TOTP.code(secret: secret, at: clock.now)
        #expect(failure(pending, factor, right) == AuthError(.invalidMFAPendingCredential))
        #expect(failure(try challenge(), factor, right) == nil)
    }

    @Test("400 guesses over fresh sign-ins: ten count, the rest and then the right code are refused until the window passes")
    func guessingIsLimitedPerAccount() throws {
        let (factor, secret) = try enrollTOTP(uid: try verifiedAccount().account.uid)
        clock.advance(by: 90)
        var pending = try challenge()
        var outcomes: [AuthError?] = []
        for guess in 0..<400 {
            if guess % LocalAuthEngine.maximumWrongCodesPerSignIn == 0 { pending = try challenge() }
            outcomes.append(failure(pending, factor, try wrongCode(secret)))
        }
        let wrong = outcomes.filter { $0 == AuthError(.invalidCode) }.count
        let locked = outcomes.filter { isAuthError($0, .tooManyAttemptsTryLater) }.count
        #expect(wrong == LocalAuthEngine.maximumWrongCodesPerAccount)
        #expect(locked == 400 - wrong)
        #expect(isAuthError(failure(try challenge(), factor, try TOTP.code(secret: secret, at: clock.now)),
                            .tooManyAttemptsTryLater))

        clock.advance(by: LocalAuthEngine.failedSignInWindow + 1)
        #expect(failure(try challenge(), factor, try TOTP.code(secret: secret, at: clock.now)) == nil)
    }

    @Test("a TOTP code works once: the same code, or the enrolment's, cannot complete another sign-in")
    func usedCodesAreRefused() throws {
        let (factor, secret) = try enrollTOTP(uid: try verifiedAccount().account.uid)
        let enrolmentCode = try TOTP.code(secret: secret, at: clock.now)
        #expect(failure(try challenge(), factor, enrolmentCode) == AuthError(.invalidCode))

        clock.advance(by: 30)
        let code = try TOTP.code(secret: secret, at: clock.now)
        #expect(failure(try challenge(), factor, code) == nil)
        #expect(failure(try challenge(), factor, code) == AuthError(.invalidCode))
        clock.advance(by: 30)
        #expect(failure(try challenge(), factor, try TOTP.code(secret: secret, at: clock.now)) == nil)
    }
}
