import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("Disabled accounts")
struct DisabledAccountTests {
    /// Flags the account as disabled directly in the store, as an administrator would.
    private func disable(email: String, in path: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.run("UPDATE accounts SET disabled = 1 WHERE email_key = ?", [.text(email.lowercased())])
        #expect(database.changes == 1)
    }

    @Test("the right password gives USER_DISABLED; a wrong one still gives INVALID_LOGIN_CREDENTIALS")
    func disabledAccount() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let client = try makeClient(path: path)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        try disable(email: "ada@example.com", in: path)

        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "secret1") }?.code
            == .userDisabled)
        #expect(await authError { _ = try await client.signIn(email: "ada@example.com", password: "wrong12") }?.code
            == .invalidLoginCredentials)
        #expect(try await client.currentUser() == nil)
    }
}
