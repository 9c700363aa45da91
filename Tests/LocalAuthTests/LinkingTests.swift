import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Linking credentials to the current user")
struct LinkingTests {
    /// The ways an anonymous user can be upgraded, with what the upgraded account should show.
    enum Upgrade: String, CaseIterable, Sendable {
        case emailPassword, emailLink, phone, identityProvider
    }

    @Test("an anonymous user keeps its uid whichever credential it links", arguments: Upgrade.allCases)
    func anonymousUpgrade(_ upgrade: Upgrade) async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let anonymous = try #require(signedInUser(try await client.signInAnonymously()))
        clock.advance(by: 60)
        let credential: AuthCredential = switch upgrade {
        case .emailPassword: .emailPassword(email: "ada@example.com", password: "secret1")
        case .emailLink: .emailLink(email: "ada@example.com", link: try await sendSignInLink(client,
                                                                                              to: "ada@example.com"))
        case .phone: try await phoneCredential(client, for: "+15555550100")
        case .identityProvider: idpCredential()
        }
        let linked = try await client.link(credential)

        #expect(linked.uid == anonymous.uid)
        #expect(!linked.isAnonymous)
        #expect(linked.providers == [credential.providerID])
        #expect(try await client.currentUser() == linked)
        // Linking proves the credential: the session counts as signed in with it, now.
        #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: credential.providerID.signInProviderClaim.rawValue,
                                                                  authTime: clock.now, expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))
        switch upgrade {
        case .emailPassword: #expect(linked.email == "ada@example.com" && !linked.isEmailVerified)
        case .emailLink: #expect(linked.email == "ada@example.com" && linked.isEmailVerified)
        case .phone: #expect(linked.phoneNumber == "+15555550100" && linked.email == nil)
        case .identityProvider:
            #expect(linked.email == "ada@example.com" && linked.isEmailVerified && linked.displayName == "Ada Lovelace")
        }

        try await client.signOut()
        let again: AuthCredential = switch upgrade {
        case .emailLink: .emailLink(email: "ada@example.com", link: try await sendSignInLink(client,
                                                                                              to: "ada@example.com"))
        case .phone: try await phoneCredential(client, for: "+15555550100")
        case .emailPassword, .identityProvider: credential
        }
        #expect(signedInUser(try await client.signIn(with: again))?.uid == anonymous.uid)
    }

    @Test("an account collects providers in link order")
    func severalProviders() async throws {
        let client = try makeClient()
        let phoneUser = try #require(signedInUser(try await client.signIn(
            with: try await phoneCredential(client, for: "+15555550100"))))
        _ = try await client.link(idpCredential())
        _ = try await client.link(.emailLink(email: "ada@example.com",
                                             link: try await sendSignInLink(client, to: "ada@example.com")))
        let linked = try await client.link(.emailPassword(email: "Ada@example.com", password: "secret1"))
        #expect(linked.uid == phoneUser.uid)
        #expect(linked.providerIDs == ["phone", "google.com", "emailLink", "password"])
        #expect(linked.email == "ada@example.com" && linked.isEmailVerified)
        #expect(try await client.idTokenResult().signInProvider == "password")
    }

    @Test("a sign-in link for another account's email gives EMAIL_EXISTS and stays usable")
    func emailLinkExists() async throws {
        let client = try makeClient()
        let owner = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                          password: "secret1")))
        try await client.signOut()
        let anonymous = try #require(signedInUser(try await client.signInAnonymously()))
        let credential = AuthCredential.emailLink(email: "ada@example.com",
                                                  link: try await sendSignInLink(client, to: "ada@example.com"))
        let error = await authError { _ = try await client.link(credential) }
        #expect(error?.code == .emailExists)
        #expect(error?.conflict == AccountConflictInfo(email: "ada@example.com", credential: credential))
        #expect(try await client.currentUser() == anonymous)
        #expect(signedInUser(try await client.signIn(with: credential))?.uid == owner.uid)
    }

    @Test("a password for another account's email gives EMAIL_EXISTS with the credential")
    func passwordEmailExists() async throws {
        let client = try makeClient()
        _ = try await client.signIn(with: idpCredential(email: "ada@example.com"))
        try await client.signOut()
        _ = try await client.signInAnonymously()
        let credential = AuthCredential.emailPassword(email: "ADA@example.com", password: "secret1")
        let error = await authError { _ = try await client.link(credential) }
        #expect(error?.code == .emailExists)
        #expect(error?.conflict == AccountConflictInfo(email: "ADA@example.com", credential: credential))
    }

    @Test("another account's number gives PHONE_NUMBER_EXISTS with a fresh credential for that account")
    func phoneExists() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let owner = try #require(signedInUser(try await client.signIn(
            with: try await phoneCredential(client, for: "+15555550100"))))
        try await client.signOut()
        let other = try #require(signedInUser(try await client.createUser(email: "eve@example.com",
                                                                          password: "secret1")))
        let tried = try await phoneCredential(client, for: "+15555550100")
        let error = await authError { _ = try await client.link(tried) }
        #expect(error?.code == .phoneNumberExists)
        #expect(error?.conflict?.email == nil)
        let proof = try #require(error?.conflict?.credential)
        #expect(proof != tried)
        #expect(try await client.currentUser() == other)
        #expect(await authError { _ = try await client.link(tried) }?.code == .sessionExpired)

        clock.advance(by: 4 * 60)
        #expect(signedInUser(try await client.signIn(with: proof))?.uid == owner.uid)
        try await client.signOut()
        #expect(await authError { _ = try await client.signIn(with: proof) }?.code == .sessionExpired)
    }

    @Test("one phone number and one password per account")
    func alreadyLinked() async throws {
        let client = try makeClient()
        _ = try await client.signIn(with: try await phoneCredential(client, for: "+15555550100"))
        #expect(await authError { _ = try await client.link(try await phoneCredential(client, for: "+15555550199")) }?
            .code == .operationNotAllowed)
        _ = try await client.link(.emailPassword(email: "ada@example.com", password: "secret1"))
        #expect(await authError {
            _ = try await client.link(.emailPassword(email: "ada@example.com", password: "secret2"))
        }?.code == .operationNotAllowed)
    }

    @Test("linking needs a signed-in user, whatever the credential")
    func signedOut() async throws {
        let client = try makeClient()
        let link = try await sendSignInLink(client, to: "ada@example.com")
        let phone = try await phoneCredential(client, for: "+15555550100")
        for credential in [AuthCredential.emailLink(email: "ada@example.com", link: link), phone, idpCredential()] {
            #expect(await authError { _ = try await client.link(credential) }?.code == .userNotFound)
        }
        _ = try await client.signIn(with: .emailLink(email: "ada@example.com", link: link))
        _ = try await client.signIn(with: phone)
    }
}
