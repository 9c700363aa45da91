import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("The session-free engine")
struct LocalAuthEngineTests {
    private func makeEngine(path: String = ":memory:", clock: TestClock = TestClock()) throws -> LocalAuthEngine {
        try LocalAuthEngine(path: path, clock: { clock.now }, passwordHashing: cheapHashing)
    }

    @Test("engine sign-ins leave the store's session alone")
    func noSession() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let engine = try makeEngine(path: path)
        let signIn = try engine.createAccount(email: "ada@example.com", password: "secret1")
        #expect(signIn.isNewUser && signIn.provider == "password")
        #expect(try engine.signIn(email: "ada@example.com", password: "secret1").signedIn?.isNewUser == false)
        #expect(try await makeClient(path: path).currentUser() == nil)
    }

    @Test("the signing key is made once and survives reopening the store")
    func signingKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let key = try makeEngine(path: path).idTokenSigningKey()
        #expect(key.count == 32)
        #expect(try makeEngine(path: path).idTokenSigningKey() == key)
        #expect(try makeEngine().idTokenSigningKey() != key)
    }

    @Test("refresh tokens keep their sign-in; a password change revokes them; unknown ones are nil")
    func refreshTokens() throws {
        let clock = TestClock()
        let engine = try makeEngine(clock: clock)
        let signIn = try engine.createAccount(email: "ada@example.com", password: "secret1")
        let token = try engine.issueRefreshToken(for: signIn)
        clock.advance(by: 60)
        let grant = try #require(try engine.redeemRefreshToken(token))
        #expect(grant.account.uid == signIn.account.uid)
        #expect(grant.provider == "password" && grant.authTime == signIn.authTime)
        #expect(try engine.redeemRefreshToken("never-issued") == nil)

        let changed = try engine.updatePassword(uid: signIn.account.uid, newPassword: "newsecret")
        #expect(changed.validSince == clock.now)
        #expect(throws: AuthError(.tokenExpired, detail: "refresh token revoked")) {
            try engine.redeemRefreshToken(token)
        }
        try engine.deleteAccount(uid: signIn.account.uid)
        let later = try engine.issueRefreshToken(for: signIn)
        #expect(throws: AuthError(.userNotFound)) { try engine.redeemRefreshToken(later) }
    }

    @Test("an account keeps its newest 100 refresh tokens; older ones are pruned, so the store stays bounded")
    func refreshTokensArePruned() throws {
        let clock = TestClock()
        let engine = try makeEngine(clock: clock)
        let first = try engine.createAccount(email: "ada@example.com", password: "secret1")
        let other = try engine.createAccount(email: "bob@example.com", password: "secret1")
        var tokens = [try #require(first.refreshToken)]
        for _ in 0..<120 {
            clock.advance(by: 1)
            tokens.append(try engine.issueRefreshToken(for: first))
        }
        for token in tokens.prefix(21) { #expect(try engine.redeemRefreshToken(token) == nil) }
        for token in tokens.suffix(100) { #expect(try engine.redeemRefreshToken(token) != nil) }
        #expect(try engine.redeemRefreshToken(try #require(other.refreshToken)) != nil, "another account keeps its own")
    }

    @Test("a sign-in outside the store's session comes with a refresh token stored in its write")
    func signInsCarryRefreshTokens() throws {
        let clock = TestClock()
        let engine = try makeEngine(clock: clock)
        let created = try engine.createAccount(email: "ada@example.com", password: "secret1")
        clock.advance(by: 60)
        let signIn = try #require(try engine.signIn(email: "ada@example.com", password: "secret1").signedIn)
        let custom = try #require(try engine.signIn(customTokenUID: created.account.uid,
                                                    developerClaims: #"{"role":"admin"}"#).signedIn)
        for (token, expected) in [(created.refreshToken, created), (signIn.refreshToken, signIn),
                                  (custom.refreshToken, custom)] {
            let issued = try #require(token)
            let grant = try #require(try engine.redeemRefreshToken(issued))
            #expect(grant.account.uid == expected.account.uid && grant.provider == expected.provider)
            #expect(grant.authTime == expected.authTime && grant.developerClaims == expected.developerClaims)
        }
        #expect(Set([created.refreshToken, signIn.refreshToken, custom.refreshToken]).count == 3)
        #expect(custom.developerClaims == #"{"role":"admin"}"#)
    }

    @Test("pending codes list what can still be used; deleting all accounts keeps them")
    func pendingCodes() throws {
        let clock = TestClock()
        let engine = try makeEngine(clock: clock)
        _ = try engine.createAccount(email: "Ada@example.com", password: "secret1")
        let reset = try #require(try engine.sendPasswordReset(email: "ada@example.com"))
        let link = try engine.sendSignInLink(email: "bob@example.com", continueURL: "https://app.example")
        let session = try engine.sendVerificationCode(phoneNumber: "+15555550100")
        #expect(try engine.pendingOobCodes().map(\.code) == [reset, link])
        #expect(try engine.pendingOobCodes().map(\.email) == ["Ada@example.com", "bob@example.com"])
        #expect(try engine.pendingPhoneCodes().map(\.sessionInfo) == [session])
        #expect(try engine.inspectOobCode(link).kind == .emailSignIn)

        try engine.deleteAllAccounts()
        #expect(try engine.account(email: "ada@example.com") == nil)
        #expect(try engine.pendingOobCodes().count == 2)
        clock.advance(by: 3601)
        #expect(try engine.pendingOobCodes().isEmpty && engine.pendingPhoneCodes().isEmpty)
        #expect(try engine.messages().count == 3)
    }
}
