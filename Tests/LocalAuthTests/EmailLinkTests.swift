import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Email link sign-in")
struct EmailLinkTests {
    @Test("the link lands in the outbox with its code and the percent-encoded continue URL")
    func linkInOutbox() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let link = try await sendSignInLink(client, to: "Ada@example.com",
                                            continueURL: "https://app.example/a?b=c&d=e f")
        let message = try #require(try await client.messages().last)
        #expect(message.recipient == "Ada@example.com")
        #expect(message.sentAt == clock.now)
        #expect(message.code.count >= 32)
        #expect(link == "https://fauth-tui.local/__/auth/action?mode=signIn&oobCode=\(message.code)"
            + "&continueUrl=https%3A%2F%2Fapp.example%2Fa%3Fb%3Dc%26d%3De%20f")
        #expect(OobCode.extract(from: link) == message.code)
        #expect(await authError {
            try await client.sendSignInLink(email: "ada", settings: ActionCodeSettings(url: "https://app.example"))
        }?.code == .invalidEmail)
    }

    @Test("isSignInLink accepts sign-in links, also wrapped in a link parameter, and nothing else")
    func recognisesLinks() async throws {
        let client = try makeClient()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        #expect(client.isSignInLink(link))
        #expect(client.isSignInLink("  \(link)\n"))
        let wrapped = "https://example.page.link/?link="
            + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "&apn=app"
        #expect(client.isSignInLink(wrapped))
        #expect(!client.isSignInLink("https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=abc"))
        #expect(!client.isSignInLink("https://fauth-tui.local/__/auth/action?mode=signIn"))
        #expect(!client.isSignInLink("https://fauth-tui.local/__/auth/action?mode=signIn&oobCode="))
        #expect(!client.isSignInLink("https://example.page.link/?link=https%3A%2F%2Fx.test%2F%3Fmode%3DverifyEmail"))
        #expect(!client.isSignInLink("not a link"))
        #expect(!client.isSignInLink(""))
    }

    @Test("a link creates a verified passwordless account for a new email")
    func createsAccount() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let link = try await sendSignInLink(client, to: "ada@example.com")
        let user = try #require(signedInUser(try await client.signIn(email: "ADA@example.com", link: link)))
        #expect(user.email == "ADA@example.com")
        #expect(user.isEmailVerified)
        #expect(!user.isAnonymous)
        #expect(user.providerIDs == ["emailLink"])
        #expect(try await client.fetchSignInMethods(email: "ada@example.com") == ["emailLink"])
        #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: "password", authTime: clock.now,
                                                                  expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))
        #expect(try await client.currentUser() == user)
    }

    @Test("a link signs in to the existing account, keeps its password and verifies its email")
    func existingAccount() async throws {
        let client = try makeClient()
        let created = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                            password: "secret1")))
        try await client.signOut()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        let user = try #require(signedInUser(try await client.signIn(with: .emailLink(email: "ada@example.com",
                                                                                       link: link))))
        #expect(user.uid == created.uid)
        #expect(user.isEmailVerified)
        #expect(user.providerIDs == ["password", "emailLink"])
        try await client.signOut()
        _ = try await client.signIn(email: "ada@example.com", password: "secret1")
    }

    @Test("a link works once; a second use gives INVALID_OOB_CODE")
    func singleUse() async throws {
        let client = try makeClient()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        _ = try await client.signIn(email: "ada@example.com", link: link)
        try await client.signOut()
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", link: link) }?.code
            == .invalidOobCode)
        #expect(try await client.currentUser() == nil)
    }

    @Test("a link expires one hour after it was sent")
    func expiry() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let early = try await sendSignInLink(client, to: "ada@example.com")
        clock.advance(by: 30 * 60)
        let late = try await sendSignInLink(client, to: "ada@example.com")
        clock.advance(by: 30 * 60)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", link: early) }?.code
            == .expiredOobCode)
        clock.advance(by: 29 * 60)
        _ = try await client.signIn(email: "ada@example.com", link: late)
    }

    @Test("a link used with another email gives INVALID_EMAIL and stays usable")
    func wrongEmail() async throws {
        let client = try makeClient()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        #expect(await authError { _ = try await client.signIn(email: "eve@example.com", link: link) }?.code
            == .invalidEmail)
        #expect(try await client.currentUser() == nil)
        _ = try await client.signIn(email: "ada@example.com", link: link)
    }

    @Test("a link wrapped by a dynamic link, or its bare code, signs in")
    func wrappedLink() async throws {
        let client = try makeClient()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        let wrapped = "https://example.page.link/?link="
            + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        #expect(signedInUser(try await client.signIn(email: "ada@example.com", link: wrapped))?.email
            == "ada@example.com")

        try await client.signOut()
        let second = try await sendSignInLink(client, to: "ada@example.com")
        _ = try await client.signIn(email: "ada@example.com", link: OobCode.extract(from: second))
    }

    @Test("unknown, empty and foreign codes are rejected")
    func badCodes() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        try await client.sendPasswordReset(email: "ada@example.com")
        let resetLink = try #require(try await client.messages().last?.link)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", link: resetLink) }?.code
            == .invalidOobCode)
        #expect(await authError {
            _ = try await client.signIn(email: "ada@example.com", link: "https://x.test/?mode=signIn&oobCode=nope")
        }?.code == .invalidOobCode)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", link: "") }?.code
            == .missingOobCode)
        #expect(await authError { _ = try await client.signIn(email: "", link: "x") }?.code == .missingEmail)
    }

    @Test("a disabled account cannot sign in with a link, and the link is not used up")
    func disabled() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let client = try makeClient(path: path)
        let created = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                            password: "secret1")))
        try await client.signOut()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        try setDisabled(true, uid: created.uid, path: path)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", link: link) }?.code
            == .userDisabled)
        try setDisabled(false, uid: created.uid, path: path)
        _ = try await client.signIn(email: "ada@example.com", link: link)
    }
}
