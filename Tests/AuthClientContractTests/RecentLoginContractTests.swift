import AuthCore
import Foundation
import LocalAuth
import Synchronization
import Testing

/// A backend clock that tests move forward by hand.
final class SteppingClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// The real time plus every step so far.
    @Sendable func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves the clock `seconds` forward.
    func advance(_ seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}

/// Sensitive changes need a recent sign-in (CREDENTIAL_TOO_OLD_LOGIN_AGAIN), on both clients.
@Suite(.serialized) struct RecentLoginContractTests {
    /// Sign-ins older than a minute are too old for these backends.
    private static let maxAge: TimeInterval = 60

    @Test(arguments: ContractClient.allCases)
    func sensitiveChangesWaitForAReauthentication(_ kind: ContractClient) async throws {
        let clock = SteppingClock()
        let harness = try kind.make(clock: clock.now, recentLoginMaxAge: Self.maxAge)
        defer { harness.stop() }
        let client = harness.client
        _ = try await client.createUser(email: "ann@example.com", password: "secret1")
        _ = try await client.link(google("ann.work@example.com"))
        clock.advance(Self.maxAge + 5)
        await expectError(.credentialTooOldLoginAgain) { try await client.updatePassword("fresh-pass") }
        await expectError(.credentialTooOldLoginAgain) { _ = try await client.unlink(providerID: "google.com") }
        await expectError(.credentialTooOldLoginAgain) {
            _ = try await client.link(google("ann.home@example.com"))
        }
        await expectError(.credentialTooOldLoginAgain) { try await client.deleteUser() }
        // Nothing changed, and what is not sensitive still works.
        #expect(try await client.reload().providerIDs == ["password", "google.com"])
        #expect(try await client.updateProfile(displayName: "Ann", photoURL: nil).displayName == "Ann")

        try await client.reauthenticate(with: .emailPassword(email: "ann@example.com", password: "secret1"))
        try await client.updatePassword("fresh-pass")
        #expect(try await client.unlink(providerID: "google.com").providerIDs == ["password"])
        clock.advance(Self.maxAge + 5)
        await expectError(.credentialTooOldLoginAgain) { try await client.deleteUser() }
        try await client.reauthenticate(with: .emailPassword(email: "ann@example.com", password: "fresh-pass"))
        try await client.deleteUser()
        #expect(try await client.currentUser() == nil)
    }

    @Test(arguments: ContractClient.allCases)
    func aGuestIsExempt(_ kind: ContractClient) async throws {
        let clock = SteppingClock()
        let harness = try kind.make(clock: clock.now, recentLoginMaxAge: Self.maxAge)
        defer { harness.stop() }
        let client = harness.client
        let guest = try signedInUser(try await client.signInAnonymously())
        clock.advance(Self.maxAge + 5)
        let linked = try await client.link(.emailPassword(email: "guest@example.com", password: "secret1"))
        #expect(linked.uid == guest.uid && !linked.isAnonymous)
    }
}
