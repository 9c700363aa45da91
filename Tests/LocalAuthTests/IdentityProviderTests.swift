import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Identity-provider sign-in and linking")
struct IdentityProviderTests {
    @Test("a new identity creates an account from the profile")
    func newUser() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        let user = try #require(signedInUser(try await client.signIn(with: idpCredential())))
        #expect(user.email == "ada@example.com")
        #expect(user.displayName == "Ada Lovelace")
        #expect(user.isEmailVerified)
        #expect(user.providerIDs == ["google.com"])
        #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: "google.com", authTime: clock.now,
                                                                  expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))

        let github = try #require(signedInUser(try await client.signIn(
            with: idpCredential("github.com", subject: "gh-1", email: nil, verified: false, name: nil))))
        #expect(github.uid != user.uid && github.email == nil && !github.isEmailVerified)
    }

    @Test("a returning identity signs in to its account, whatever the profile says now")
    func returning() async throws {
        let client = try makeClient()
        let user = try #require(signedInUser(try await client.signIn(with: idpCredential())))
        try await client.signOut()
        let again = try #require(signedInUser(try await client.signIn(
            with: idpCredential(email: "renamed@example.com", verified: false, name: "A. L."))))
        #expect(again == user)
    }

    @Test("a verified profile email takes over an account whose email is unverified")
    func takeover() async throws {
        let client = try makeClient()
        let squatter = try #require(signedInUser(try await client.createUser(email: "Ada@example.com",
                                                                             password: "secret1")))
        _ = try await client.link(try await phoneCredential(client, for: "+15555550100"))
        try await client.signOut()

        let user = try #require(signedInUser(try await client.signIn(with: idpCredential(email: "ada@EXAMPLE.com"))))
        #expect(user.uid == squatter.uid)
        #expect(user.isEmailVerified)
        #expect(user.providerIDs == ["google.com"])
        #expect(user.phoneNumber == nil)
        #expect(user.displayName == "Ada Lovelace")
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "secret1") }?.code
            == .invalidLoginCredentials)
        #expect(try await client.fetchSignInMethods(email: "ada@example.com") == ["google.com"])
        let phoneUser = try #require(signedInUser(try await client.signIn(
            with: try await phoneCredential(client, for: "+15555550100"))))
        #expect(phoneUser.uid != squatter.uid)
    }

    @Test("an unverified profile email of an existing account needs confirmation and nothing changes", arguments: [
        (false, false), (false, true),
    ])
    func needsConfirmation(profileVerified: Bool, accountVerified: Bool) async throws {
        let client = try makeClient()
        if accountVerified {
            _ = try await client.signIn(email: "ada@example.com",
                                        link: try await sendSignInLink(client, to: "ada@example.com"))
            try await client.updatePassword("secret1")
        } else {
            _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        }
        let before = try #require(try await client.currentUser())
        try await client.signOut()

        let credential = idpCredential(email: "ADA@example.com", verified: profileVerified)
        let error = await authError { _ = try await client.signIn(with: credential) }
        #expect(error?.code == .accountExistsWithDifferentCredential)
        #expect(error?.conflict == AccountConflictInfo(email: "ADA@example.com", credential: credential))
        #expect(try await client.currentUser() == nil)

        _ = try await client.signIn(email: "ada@example.com", password: "secret1")
        #expect(try await client.currentUser() == before)
        let linked = try await client.link(credential)
        #expect(linked.uid == before.uid)
        #expect(linked.providerIDs == before.providerIDs + ["google.com"])
        try await client.signOut()
        #expect(signedInUser(try await client.signIn(with: credential))?.uid == before.uid)
    }

    @Test("a verified profile email of a verified account links the identity: methods kept, profile replaced")
    func verifiedEmailLinks() async throws {
        let client = try makeClient()
        let account = try #require(signedInUser(try await client.signIn(
            email: "ada@example.com", link: try await sendSignInLink(client, to: "ada@example.com"))))
        try await client.updatePassword("secret1")
        _ = try await client.updateProfile(displayName: "Countess", photoURL: "https://example.com/old.png")
        try await client.signOut()

        let profile = IdentityProviderProfile(subject: "g-9", email: "ADA@example.com", displayName: nil,
                                              isEmailVerified: true, photoURL: "https://example.com/new.png")
        let credential = AuthCredential.identityProvider(
            IdentityProviderCredential(providerID: "google.com", simulatedProfile: profile))
        let user = try #require(signedInUser(try await client.signIn(with: credential)))
        #expect(user.uid == account.uid)
        #expect(user.providerIDs == ["emailLink", "password", "google.com"])
        #expect(user.displayName == nil && user.photoURL == "https://example.com/new.png")
        try await client.signOut()
        #expect(signedInUser(try await client.signIn(email: "ada@example.com", password: "secret1"))?.uid
            == account.uid)
    }

    @Test("an identity's profile email finds its account's sign-in methods, and follows the provider")
    func identityEmailFindsMethods() async throws {
        let client = try makeClient()
        _ = try await client.signIn(with: idpCredential(email: "ada@example.com"))
        try await client.signOut()
        #expect(try await client.fetchSignInMethods(email: "ada@work.example").isEmpty)
        _ = try await client.signIn(with: idpCredential(email: "ada@work.example"))
        #expect(try await client.currentUser()?.email == "ada@example.com")
        #expect(try await client.fetchSignInMethods(email: "ada@work.example") == ["google.com"])
    }

    @Test("linking an identity keeps the uid and lists the provider")
    func linkSuccess() async throws {
        let client = try makeClient()
        let created = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                            password: "secret1")))
        let linked = try await client.link(idpCredential("github.com", subject: "gh-1", email: "ada@work.example",
                                                         verified: true, name: "Ada"))
        #expect(linked.uid == created.uid)
        #expect(linked.email == "ada@example.com")
        #expect(!linked.isEmailVerified)
        #expect(linked.displayName == "Ada")
        #expect(linked.providerIDs == ["password", "github.com"])
        #expect(try await client.idTokenResult().signInProvider == "github.com")

        #expect(await authError { _ = try await client.link(idpCredential("github.com", subject: "gh-2", email: nil)) }?
            .code == .operationNotAllowed)
    }

    @Test("an identity linked to another account gives CREDENTIAL_ALREADY_IN_USE with the credential")
    func credentialInUse() async throws {
        let client = try makeClient()
        let credential = idpCredential(email: nil)
        let owner = try #require(signedInUser(try await client.signIn(with: credential)))
        try await client.signOut()
        let other = try #require(signedInUser(try await client.createUser(email: "eve@example.com",
                                                                          password: "secret1")))
        let error = await authError { _ = try await client.link(credential) }
        #expect(error?.code == .credentialAlreadyInUse)
        #expect(error?.conflict?.credential == credential)
        #expect(try await client.currentUser() == other)
        #expect(signedInUser(try await client.signIn(with: try #require(error?.conflict?.credential)))?.uid
            == owner.uid)
    }

    @Test("a profile email of another account gives EMAIL_EXISTS with the email and credential")
    func emailExists() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        let anonymous = try #require(signedInUser(try await client.signInAnonymously()))
        let credential = idpCredential(email: "Ada@Example.com")
        let error = await authError { _ = try await client.link(credential) }
        #expect(error?.code == .emailExists)
        #expect(error?.conflict == AccountConflictInfo(email: "Ada@Example.com", credential: credential))
        #expect(try await client.currentUser() == anonymous)
    }

    @Test("deleting an account frees its identity and phone number")
    func deleteFreesIdentity() async throws {
        let client = try makeClient()
        let user = try #require(signedInUser(try await client.signIn(with: idpCredential())))
        _ = try await client.link(try await phoneCredential(client, for: "+15555550100"))
        try await client.deleteUser()
        let again = try #require(signedInUser(try await client.signIn(with: idpCredential())))
        #expect(again.uid != user.uid)
        #expect(again.phoneNumber == nil)
        #expect(try await client.link(try await phoneCredential(client, for: "+15555550100")).uid == again.uid)
    }

    @Test("credentials without a simulated profile, or with a reserved provider id, are not allowed")
    func unsupportedCredentials() async throws {
        let client = try makeClient()
        let real = AuthCredential.identityProvider(IdentityProviderCredential(providerID: "google.com",
                                                                              idToken: "eyJ..."))
        let error = await authError { _ = try await client.signIn(with: real) }
        #expect(error?.code == .operationNotAllowed)
        #expect(error?.detail?.contains("simulated") == true)
        #expect(await authError { _ = try await client.signIn(with: idpCredential("password")) }?.code
            == .operationNotAllowed)
        #expect(await authError { _ = try await client.signIn(with: idpCredential(subject: "")) }?.code
            == .operationNotAllowed)
        #expect(await authError { _ = try await client.signIn(with: idpCredential(email: "not-an-email")) }?.code
            == .invalidEmail)
        #expect(try await client.currentUser() == nil)
    }
}
