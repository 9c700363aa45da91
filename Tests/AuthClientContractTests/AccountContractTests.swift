import AuthCore
import Foundation
import LocalAuth
import Synchronization
import Testing

/// A simulated Google sign-in of `email`.
func google(_ email: String, verified: Bool = true) -> AuthCredential {
    .identityProvider(IdentityProviderCredential(providerID: "google.com", simulatedProfile:
        IdentityProviderProfile(subject: "simulated:\(email)", email: email, displayName: "G", isEmailVerified: verified)))
}

/// Looking after a signed-in account (FirebaseUI's SignedInView operations), on both clients.
@Suite(.serialized) struct AccountContractTests {
    @Test(arguments: ContractClient.allCases)
    func verifyEmailThroughTheInbox(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            #expect(try await client.reload().isEmailVerified == false)
            try await client.sendEmailVerification()
            let message = try await harness.lastMessage(.verifyEmail, to: "ann@example.com")
            let link = try #require(message.link)
            #expect(link.contains("mode=verifyEmail"))
            try await client.applyActionCode(link)
            #expect(try await client.reload().isEmailVerified)
            await expectError(.invalidOobCode) { try await client.applyActionCode(link) }
            // A password-reset code is not an action code applyActionCode performs.
            try await client.sendPasswordReset(email: "ann@example.com")
            let reset = try await harness.lastMessage(.passwordReset, to: "ann@example.com")
            await expectError(.invalidOobCode) { try await client.applyActionCode(reset.code) }
            await expectError(.invalidOobCode) { try await client.applyActionCode("no-such-code") }
        }
    }

    @Test(arguments: ContractClient.allCases)
    func profileWithPhotoURLSurvivesAReload(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            let updated = try await client.updateProfile(displayName: "Ann", photoURL: "https://example.com/ann.png")
            #expect(updated.displayName == "Ann" && updated.photoURL == "https://example.com/ann.png")
            #expect(try await client.reload() == updated)
            #expect(try await client.currentUser()?.photoURL == "https://example.com/ann.png")
            let cleared = try await client.updateProfile(displayName: nil, photoURL: "")
            #expect(cleared.displayName == "Ann" && cleared.photoURL == nil)
            #expect(try await client.reload().photoURL == nil)
        }
    }

    @Test(arguments: ContractClient.allCases)
    func unlinkNeverRemovesTheLastSignInMethod(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            let linked = try await client.link(google("ann.work@example.com"))
            #expect(linked.providerIDs == ["password", "google.com"])
            await expectError(.noSuchProvider) { _ = try await client.unlink(providerID: "phone") }
            let unlinked = try await client.unlink(providerID: "google.com")
            #expect(unlinked.providerIDs == ["password"])
            #expect(try await client.reload().providerIDs == ["password"])
            await expectError(.lastSignInMethod) { _ = try await client.unlink(providerID: "password") }
            #expect(try await client.reload().providerIDs == ["password"])
            // The identity is free again: signing in with it makes a new account.
            try await client.signOut()
            let other = try signedInUser(try await client.signIn(with: google("ann.work@example.com")))
            #expect(other.uid != unlinked.uid)
        }
    }

    @Test(arguments: ContractClient.allCases)
    func unlinkingThePasswordKeepsTheOtherMethod(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            _ = try await client.link(google("ann@example.com"))
            #expect(try await client.unlink(providerID: "password").providerIDs == ["google.com"])
            try await client.signOut()
            await expectError(kind.wrongPassword) {
                _ = try await client.signIn(email: "ann@example.com", password: "secret1")
            }
        }
    }

    @Test(arguments: ContractClient.allCases)
    func deleteUserRemovesTheAccount(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            try await client.deleteUser()
            #expect(try await client.currentUser() == nil)
            await expectError(kind.unknownEmail) {
                _ = try await client.signIn(email: "ann@example.com", password: "secret1")
            }
            await expectError(.userNotFound) { try await client.deleteUser() }
        }
    }

    @Test(arguments: ContractClient.allCases)
    func updatePasswordKeepsTheSessionAndReplacesThePassword(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            let user = try signedInUser(try await client.createUser(email: "ann@example.com", password: "secret1"))
            await expectError(.weakPassword) { try await client.updatePassword("123") }
            try await client.updatePassword("fresh-pass")
            #expect(try await client.reload().uid == user.uid)
            try await client.signOut()
            await expectError(kind.wrongPassword) {
                _ = try await client.signIn(email: "ann@example.com", password: "secret1")
            }
            #expect(try signedInUser(try await client.signIn(email: "ann@example.com", password: "fresh-pass")).uid == user.uid)
        }
    }

    @Test(arguments: ContractClient.allCases)
    func signedOutAccountOperationsAnswerUserNotFound(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            await expectError(.userNotFound) { _ = try await client.reload() }
            await expectError(.userNotFound) { try await client.sendEmailVerification() }
            await expectError(.userNotFound) { _ = try await client.unlink(providerID: "password") }
        }
    }
}
