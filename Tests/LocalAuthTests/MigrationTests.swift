import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("Store migration")
struct MigrationTests {
    /// Writes a version-1 store at `path` by raw SQL: one password account, signed in, and a sent reset email.
    private func makeVersion1Store(at path: String, passwordHash: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.execute(StoreSchema.migrations[0])
        try database.execute("PRAGMA user_version = 1")
        try database.run("""
            INSERT INTO accounts (uid, email, email_key, password_hash, display_name, email_verified, providers,
                created_at, last_sign_in_at)
            VALUES ('uid-ada', 'Ada@example.com', 'ada@example.com', ?, 'Ada', 1, 'password', 1700000000, 1700000100)
            """, [.text(passwordHash)])
        try database.run("INSERT INTO accounts (uid, is_anonymous, created_at) VALUES ('uid-anon', 1, 1700000000)")
        try database.run("""
            INSERT INTO session (id, uid, sign_in_provider, auth_time) VALUES (1, 'uid-ada', 'password', 1700000100)
            """)
        try database.run("""
            INSERT INTO outbox (kind, recipient, link, code, sent_at)
            VALUES ('passwordReset', 'Ada@example.com', 'https://fauth-tui.local/x', 'code-1', 1700000200)
            """)
    }

    @Test("a version-1 store opens at the current version with its accounts, session and outbox")
    func keepsData() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        try makeVersion1Store(at: path,
                              passwordHash: try PasswordHasher(parameters: cheapHashing).hash("secret1", for: "a"))

        let client = try makeClient(path: path)
        #expect(try await client.currentUser() == User(uid: "uid-ada", email: "Ada@example.com", displayName: "Ada",
                                                       isEmailVerified: true, providerIDs: ["password"]))
        #expect(try await client.idTokenResult()
            == IDTokenResult(signInProvider: "password", authTime: Date(timeIntervalSince1970: 1_700_000_100),
                             expirationDate: TestClock().now.addingTimeInterval(IDToken.lifetime)))
        #expect(try await client.messages().map(\.code) == ["code-1"])
        #expect(try await client.fetchSignInMethods(email: "ada@example.com") == ["password"])
        #expect(try SQLiteDatabase(path: path).first("PRAGMA user_version") { $0.integer(0) }
            == StoreSchema.currentVersion)

        // The migrated session signed in long ago: linking needs a fresh sign-in first.
        try await client.reauthenticate(with: .emailPassword(email: "ada@example.com", password: "secret1"))
        let linked = try await client.link(try await phoneCredential(client, for: "+15555550100"))
        #expect(linked.uid == "uid-ada" && linked.providerIDs == ["password", "phone"])
        _ = try await client.link(idpCredential())
        try await client.signOut()
        #expect(signedInUser(try await client.signIn(email: "ada@example.com", password: "secret1"))?.uid == "uid-ada")
        try await client.signOut()
        #expect(signedInUser(try await client.signIn(with: idpCredential()))?.uid == "uid-ada")
    }

    @Test("migrating twice is harmless: a migrated store reopens unchanged")
    func reopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        try makeVersion1Store(at: path, passwordHash: "scrypt$unused")
        let first = try await makeClient(path: path).currentUser()
        #expect(try await makeClient(path: path).currentUser() == first)
        #expect(first?.uid == "uid-ada")
    }
}
