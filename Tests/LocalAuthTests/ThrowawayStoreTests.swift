import AuthCore
@testable import LocalAuth
import Synchronization
import Testing

/// A throwaway (`:memory:`) store is made on first use; until then it is known to be empty.
@Suite("Throwaway store: made on first use")
struct ThrowawayStoreTests {
    @Test func aFreshStoreIsNotMadeForAReadWhoseEmptyAnswerIsKnown() throws {
        let opened = Mutex(0)
        let lock = StoreLock { () throws(AuthError) in
            opened.withLock { $0 += 1 }
            return try LocalStore(path: ":memory:")
        }
        #expect(try lock.glance(fresh: "fresh") { _ in "read" } == "fresh")
        #expect(opened.withLock { $0 } == 0)
        #expect(try lock.withLock { _ in "used" } == "used")
        #expect(opened.withLock { $0 } == 1)
        // Once made, the store answers every read, and is not made again.
        #expect(try lock.glance(fresh: "fresh") { _ in "read" } == "read")
        #expect(opened.withLock { $0 } == 1)
    }

    @Test func aStoreOpenedAtOnceAnswersEveryRead() throws {
        let lock = StoreLock(try LocalStore(path: ":memory:"))
        #expect(try lock.glance(fresh: "fresh") { _ in "read" } == "read")
    }

    @Test func theSessionOfAThrowawayStoreIsNobodyUntilSomeoneSignsIn() async throws {
        let client = try makeClient()
        #expect(try client.sessionAtHand() == .known(nil))
        _ = try await client.createUser(email: "ada@example.com", password: "correct-horse-1")
        guard case .known(let user?) = try client.sessionAtHand() else {
            Issue.record("no session after sign-up")
            return
        }
        #expect(user.email == "ada@example.com")
        try await client.signOut()
        #expect(try client.sessionAtHand() == .known(nil))
    }
}
