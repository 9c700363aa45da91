import AuthCore
import Foundation
@testable import LocalAuth
import Testing

/// Two interfaces started on one store file: each acts on the account it signed in to, as two Firebase clients
/// do, and the store keeps the last sign-in for the next start.
@Suite("Two interfaces on one store")
struct SharedStoreSessionTests {
    /// Interface A signed in to ann, then interface B to bob, on one file; both share `clock`.
    private struct TwoInterfaces {
        let directory: TemporaryDirectory
        let clock: TestClock
        let first: LocalAuthClient
        let second: LocalAuthClient
        let ann: User
        let bob: User

        init() async throws {
            directory = try TemporaryDirectory()
            clock = TestClock()
            first = try makeClient(path: directory.file("store.sqlite"), clock: clock)
            second = try makeClient(path: directory.file("store.sqlite"), clock: clock)
            ann = try #require(signedInUser(try await first.createUser(email: "ann@example.com", password: "ann-secret")))
            bob = try #require(signedInUser(try await second.createUser(email: "bob@example.com", password: "bob-secret")))
        }

        /// A third interface started on the same file now.
        func restarted() throws -> LocalAuthClient {
            try makeClient(path: directory.file("store.sqlite"), clock: clock)
        }

        /// The account with this uid as the store has it.
        func stored(_ uid: String) throws -> LocalAccount? {
            try first.engine.account(uid: uid)
        }
    }

    @Test("A's profile and password changes reach ann, never bob, after bob signs in with B")
    func changesActOnOwnAccount() async throws {
        let shared = try await TwoInterfaces()
        defer { shared.directory.remove() }
        #expect(try await shared.first.currentUser()?.uid == shared.ann.uid)
        let renamed = try await shared.first.updateProfile(displayName: "Ann", photoURL: nil)
        #expect(renamed.uid == shared.ann.uid)
        #expect(try shared.stored(shared.ann.uid)?.user.displayName == "Ann")
        #expect(try shared.stored(shared.bob.uid)?.user.displayName == nil)

        try await shared.first.updatePassword("ann-secret-2")
        let probe = try shared.restarted()
        #expect(signedInUser(try await probe.signIn(email: "ann@example.com", password: "ann-secret-2"))?.uid
            == shared.ann.uid)
        #expect(signedInUser(try await probe.signIn(email: "bob@example.com", password: "bob-secret"))?.uid
            == shared.bob.uid)
    }

    @Test("A's Delete account deletes ann; bob, B's session and the store's session stay")
    func deleteActsOnOwnAccount() async throws {
        let shared = try await TwoInterfaces()
        defer { shared.directory.remove() }
        try await shared.first.deleteUser()
        #expect(try shared.stored(shared.ann.uid) == nil)
        #expect(try shared.stored(shared.bob.uid) != nil)
        #expect(try await shared.first.currentUser() == nil)
        #expect(try await shared.second.currentUser()?.uid == shared.bob.uid)
        #expect(try await shared.restarted().currentUser()?.uid == shared.bob.uid)
    }

    @Test("A's sign-out ends A's session only; an interface started next resumes bob")
    func signOutEndsOwnSession() async throws {
        let shared = try await TwoInterfaces()
        defer { shared.directory.remove() }
        try await shared.first.signOut()
        #expect(try await shared.first.currentUser() == nil)
        #expect(await authError { try await shared.first.deleteUser() }?.code == .userNotFound)
        #expect(try await shared.second.currentUser()?.uid == shared.bob.uid)
        #expect(try await shared.restarted().currentUser()?.uid == shared.bob.uid)
        try await shared.second.signOut()
        #expect(try await shared.restarted().currentUser() == nil)
    }

    @Test("reauthentication in A proves ann, refuses bob's password, and renews A's session only")
    func reauthenticationActsOnOwnAccount() async throws {
        let shared = try await TwoInterfaces()
        defer { shared.directory.remove() }
        shared.clock.advance(by: 10 * 60)
        #expect(await authError {
            _ = try await shared.first.reauthenticate(with: .emailPassword(email: "bob@example.com",
                                                                           password: "bob-secret"))
        }?.code == .userMismatch)
        _ = try await shared.first.reauthenticate(with: .emailPassword(email: "ann@example.com",
                                                                       password: "ann-secret"))
        try await shared.first.updatePassword("ann-secret-2")
        #expect(await authError { try await shared.second.updatePassword("bob-secret-2") }?.code
            == .credentialTooOldLoginAgain)
    }

    @Test("an account deleted by another interface ends this one's session; nothing else is touched")
    func deletedElsewhere() async throws {
        let shared = try await TwoInterfaces()
        defer { shared.directory.remove() }
        _ = try await shared.second.signIn(email: "ann@example.com", password: "ann-secret")
        try await shared.second.deleteUser()
        #expect(await authError { _ = try await shared.first.updateProfile(displayName: "x", photoURL: nil) }?.code
            == .userNotFound)
        #expect(try await shared.first.currentUser() == nil)
        #expect(try shared.stored(shared.bob.uid)?.user.displayName == nil)
    }

    @Test("a guest in A stays the same guest when A continues as guest again after B started another")
    func guestsStayApart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try makeClient(path: directory.file("store.sqlite"))
        let second = try makeClient(path: directory.file("store.sqlite"))
        // Each interface reads the session for its first frame: nobody yet.
        #expect(try await first.currentUser() == nil)
        #expect(try await second.currentUser() == nil)
        let guest = try #require(signedInUser(try await first.signInAnonymously()))
        let other = try #require(signedInUser(try await second.signInAnonymously()))
        #expect(guest.uid != other.uid)
        #expect(signedInUser(try await first.signInAnonymously())?.uid == guest.uid)
        #expect(signedInUser(try await second.signInAnonymously())?.uid == other.uid)
    }
}
