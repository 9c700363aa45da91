import AuthCore
import Foundation
import LocalAuth
import Testing

/// Sensitive changes need a recent sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN), on both clients.
@Suite(.serialized) struct RecentLoginContractTests {
    /// Sign-ins older than a minute are too old for these backends.
    private static let maxAge: TimeInterval = 60

    @Test(arguments: ContractClient.allCases)
    func sensitiveChangesWaitForAReauthentication(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend(recentLoginMaxAge: Self.maxAge) { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            _ = try await client.link(google("ann.work@example.com"))
            harness.clock.advance(by: Self.maxAge + 5)
            await expectError(.credentialTooOldLoginAgain) { try await client.updatePassword("fresh-pass") }
            await expectError(.credentialTooOldLoginAgain) { _ = try await client.unlink(providerID: "google.com") }
            // A link that could succeed (GitHub is not linked yet) waits; a second Google identity cannot, and says so
            // first (issue 31 item 8).
            await expectError(.credentialTooOldLoginAgain) {
                _ = try await client.link(.identityProvider(IdentityProviderCredential(
                    providerID: "github.com", simulatedProfile: IdentityProviderProfile(
                        subject: "simulated:ann-gh", email: "ann.gh@example.com", displayName: "A", isEmailVerified: true))))
            }
            await expectError(.operationNotAllowed) { _ = try await client.link(google("ann.home@example.com")) }
            await expectError(.credentialTooOldLoginAgain) { try await client.deleteUser() }
            // Nothing changed, and what is not sensitive still works.
            #expect(try await client.reload().providerIDs == ["password", "google.com"])
            #expect(try await client.updateProfile(displayName: "Ann", photoURL: nil).displayName == "Ann")

            try await client.reauthenticate(with: .emailPassword(email: "ann@example.com", password: "secret1"))
            try await client.updatePassword("fresh-pass")
            #expect(try await client.unlink(providerID: "google.com").providerIDs == ["password"])
            harness.clock.advance(by: Self.maxAge + 5)
            await expectError(.credentialTooOldLoginAgain) { try await client.deleteUser() }
            try await client.reauthenticate(with: .emailPassword(email: "ann@example.com", password: "fresh-pass"))
            try await client.deleteUser()
            #expect(try await client.currentUser() == nil)
        }
    }

    /// Linking proves the person holds the credential: both backends count it as a fresh sign-in.
    @Test(arguments: ContractClient.allCases)
    func linkingRenewsTheSignIn(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend(recentLoginMaxAge: Self.maxAge) { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            harness.clock.advance(by: Self.maxAge - 10)
            _ = try await client.link(google("ann.work@example.com"))
            // The account was created long ago, the link just now.
            harness.clock.advance(by: 20)
            try await client.updatePassword("fresh-pass")
            harness.clock.advance(by: Self.maxAge + 5)
            await expectError(.credentialTooOldLoginAgain) { try await client.deleteUser() }
        }
    }

    @Test(arguments: ContractClient.allCases)
    func secondFactorChangesWaitForAReauthentication(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend(recentLoginMaxAge: Self.maxAge) { harness, client in
            _ = try await harness.verifiedUser("ada@example.com")
            let factor = try await harness.enrolSMS("+15555550100")
            harness.clock.advance(by: Self.maxAge + 5)
            await expectError(.credentialTooOldLoginAgain) {
                _ = try await client.startPhoneEnrollment(phoneNumber: "+15555550101", recaptchaToken: nil)
            }
            await expectError(.credentialTooOldLoginAgain) {
                _ = try await client.generateTOTPSecret(accountName: "ada@example.com", issuer: "Demo")
            }
            await expectError(.credentialTooOldLoginAgain) { try await client.unenroll(factorUID: factor.uid) }
            #expect(try await client.enrolledFactors().count == 1)
            // Signing in again (with the factor the account has now) renews the sign-in.
            guard case .mfaRequired(let required) = try await client.signIn(email: "ada@example.com",
                                                                            password: "secret1") else {
                Issue.record("the second factor was not asked for")
                return
            }
            _ = try await harness.resolveBySMS(required, factor: factor)
            try await client.unenroll(factorUID: factor.uid)
            #expect(try await client.enrolledFactors().isEmpty)
        }
    }

    @Test(arguments: ContractClient.allCases)
    func aGuestIsExempt(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend(recentLoginMaxAge: Self.maxAge) { harness, client in
            let guest = try signedInUser(try await client.signInAnonymously())
            harness.clock.advance(by: Self.maxAge + 5)
            let linked = try await client.link(.emailPassword(email: "guest@example.com", password: "secret1"))
            #expect(linked.uid == guest.uid && !linked.isAnonymous)
        }
    }
}
