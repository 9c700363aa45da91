import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Account management")
struct AccountTests {
    @Test("updateProfile sets the display name and photo URL, nil keeps one, empty clears it")
    func displayName() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        #expect(try await client.updateProfile(displayName: "Ada", photoURL: nil).displayName == "Ada")
        #expect(try await client.currentUser()?.displayName == "Ada")
        let withPhoto = try await client.updateProfile(displayName: nil, photoURL: "https://x.test/a.png")
        #expect(withPhoto.displayName == "Ada" && withPhoto.photoURL == "https://x.test/a.png")
        #expect(try await client.updateProfile(displayName: "", photoURL: nil).displayName == nil)
    }

    @Test("updatePassword replaces the password of the signed-in account")
    func updatePassword() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        #expect(await authError { try await client.updatePassword("short") }?.code == .weakPassword)
        try await client.updatePassword("secret2")
        try await client.signOut()
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "secret1") }?.code
            == .invalidLoginCredentials)
        _ = try await client.signIn(email: "ada@example.com", password: "secret2")
    }

    @Test("deleteUser removes the account and its session; the email becomes free")
    func deleteUser() async throws {
        let client = try makeClient()
        let created = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                            password: "secret1")))
        try await client.deleteUser()
        #expect(try await client.currentUser() == nil)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "secret1") }?.code
            == .invalidLoginCredentials)
        let recreated = try await client.createUser(email: "ada@example.com", password: "secret1")
        #expect(signedInUser(recreated)?.uid != created.uid)
    }

    @Test("operations on the current user need one")
    func signedOut() async throws {
        let client = try makeClient()
        #expect(try await client.currentUser() == nil)
        #expect(await authError { _ = try await client.idTokenResult() }?.code == .userNotFound)
        #expect(await authError { try await client.updatePassword("secret2") }?.code == .userNotFound)
        #expect(await authError { try await client.deleteUser() }?.code == .userNotFound)
        #expect(await authError { _ = try await client.updateProfile(displayName: "Ada", photoURL: nil) }?.code
            == .userNotFound)
    }
}
