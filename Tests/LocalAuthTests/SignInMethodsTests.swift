import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Sign-in methods")
struct SignInMethodsTests {
    @Test("fetchSignInMethods lists an email's methods in link order, without phone")
    func methodsInLinkOrder() async throws {
        let client = try makeClient()
        _ = try await client.signIn(with: idpCredential("github.com", subject: "gh-1", email: "ada@example.com",
                                                        verified: false))
        #expect(try await client.fetchSignInMethods(email: "ADA@example.com") == ["github.com"])
        _ = try await client.link(try await phoneCredential(client, for: "+15555550100"))
        _ = try await client.link(.emailPassword(email: "ada@example.com", password: "secret1"))
        _ = try await client.link(.emailLink(email: "ada@example.com",
                                             link: try await sendSignInLink(client, to: "ada@example.com")))
        #expect(try await client.fetchSignInMethods(email: "ada@example.com")
            == ["github.com", "password", "emailLink"])
        #expect(try await client.currentUser()?.providerIDs == ["github.com", "phone", "password", "emailLink"])
    }

    @Test("unknown emails have no methods; malformed ones are rejected")
    func unknownEmail() async throws {
        let client = try makeClient()
        #expect(try await client.fetchSignInMethods(email: "nobody@example.com") == [])
        #expect(await authError { _ = try await client.fetchSignInMethods(email: "nobody") }?.code == .invalidEmail)
    }

    @Test("an email-link account reports emailLink, not password")
    func emailLinkAccount() async throws {
        let client = try makeClient()
        _ = try await client.signIn(email: "ada@example.com",
                                    link: try await sendSignInLink(client, to: "ada@example.com"))
        #expect(try await client.fetchSignInMethods(email: "ada@example.com") == ["emailLink"])
        #expect(try await client.currentUser()?.providerIDs == ["emailLink"])
    }
}
