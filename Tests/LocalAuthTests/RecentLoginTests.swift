import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("Recent login: sensitive changes need a recent interactive sign-in")
struct RecentLoginTests {
    @Test("the session client allows changes for five minutes after a sign-in, then until a reauthentication")
    func defaultMaximumAge() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        clock.advance(by: 4 * 60)
        try await client.updatePassword("secret2")
        clock.advance(by: 2 * 60)
        #expect(await authError { try await client.updatePassword("secret3") }?.code == .credentialTooOldLoginAgain)
        #expect(await authError { try await client.deleteUser() }?.code == .credentialTooOldLoginAgain)
        // Refreshing what the app shows does not count as signing in.
        _ = try await client.reload()
        #expect(await authError { try await client.deleteUser() }?.code == .credentialTooOldLoginAgain)
        try await client.reauthenticate(with: .emailPassword(email: "ada@example.com", password: "secret2"))
        try await client.deleteUser()
    }

    @Test("an ID token's auth time is checked against the engine's maximum age; administrators are exempt")
    func tokenAndAdministrator() throws {
        let clock = TestClock()
        let engine = try LocalAuthEngine(path: ":memory:", clock: { clock.now }, passwordHashing: cheapHashing,
                                         recentLoginMaxAge: 30)
        let signIn = try engine.createAccount(email: "ada@example.com", password: "secret1")
        let uid = signIn.account.uid
        clock.advance(by: 31)
        #expect(throws: AuthError(.credentialTooOldLoginAgain, detail: "last sign-in 31 s ago")) {
            _ = try engine.updatePassword(uid: uid, newPassword: "secret2", authTime: signIn.authTime)
        }
        #expect(throws: AuthError(.credentialTooOldLoginAgain, detail: "last sign-in 31 s ago")) {
            _ = try engine.startTOTPEnrollment(uid: uid, authTime: signIn.authTime)
        }
        _ = try engine.updatePassword(uid: uid, newPassword: "secret2", authTime: clock.now.addingTimeInterval(-30))
        _ = try engine.updatePassword(uid: uid, newPassword: "secret3")
        #expect(try engine.sibling().recentLoginMaxAge == 30)
        try engine.deleteAccount(uid: uid)
        #expect(try engine.account(uid: uid) == nil)
    }

    /// Issue 31 item 8: linking a number, an identity or an email another account holds asked for a fresh sign-in
    /// first, then failed anyway.
    @Test("a link that cannot succeed is refused for that before the age of the sign-in is checked")
    func impossibleLinksAreRefusedBeforeAskingForARecentSignIn() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        _ = try await client.signIn(with: try await phoneCredential(client, for: "+15555550100"))
        try await client.signOut()
        _ = try await client.signIn(with: idpCredential(email: "bob@example.com"))
        try await client.signOut()
        _ = try await client.createUser(email: "eve@example.com", password: "secret1")
        clock.advance(by: 10 * 60)
        let phone = try await phoneCredential(client, for: "+15555550100")
        #expect(await authError { _ = try await client.link(phone) }?.code == .phoneNumberExists)
        #expect(await authError { _ = try await client.link(idpCredential(email: "bob@example.com")) }?.code
                    == .credentialAlreadyInUse)
        let link = try await sendSignInLink(client, to: "bob@example.com")
        #expect(await authError { _ = try await client.link(.emailLink(email: "bob@example.com", link: link)) }?.code
                    == .emailExists)
        // A link that could succeed still wants a recent sign-in.
        let free = try await phoneCredential(client, for: "+15555550199")
        #expect(await authError { _ = try await client.link(free) }?.code == .credentialTooOldLoginAgain)
    }

    @Test("an anonymous account may link long after it signed in")
    func anonymousIsExempt() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let guest = try #require(signedInUser(try await client.signInAnonymously()))
        clock.advance(by: 60 * 60)
        let linked = try await client.link(.emailPassword(email: "ada@example.com", password: "secret1"))
        #expect(linked.uid == guest.uid && !linked.isAnonymous)
    }
}
