import AuthCore
import Foundation
@testable import LocalAuth
import Testing

/// Issue 27 item 2: values a store already holds past any range are read, never trapped on.
@Suite("Stored values out of range")
struct StoredExtremesTests {
    @Test("moments past year 9999 or before year 1 read clamped; text reads as 1970")
    func momentsOutOfRange() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
        let uid = try engine.createAccount(email: "ada@example.com", password: "secret1").account.uid
        let database = try SQLiteDatabase(path: path)
        try database.run("""
            UPDATE accounts SET created_at = ?, valid_since = ?, last_sign_in_at = ?, password_updated_at = ?
            WHERE uid = ?
            """, [.real(1e300), .real(-.infinity), .real(.infinity), .text("soon"), .text(uid)])
        let account = try #require(try engine.account(uid: uid))
        let latest = Date(timeIntervalSince1970: 253_402_300_799.999)
        #expect(account.createdAt == latest)
        #expect(account.validSince == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(account.lastSignInAt == latest)
        #expect(account.passwordUpdatedAt == Date(timeIntervalSince1970: 0))
    }

    @Test("an auth time past any range, or NaN, is too old, never trapped on")
    func authTimeOutOfRange() throws {
        let engine = try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing)
        let uid = try engine.createAccount(email: "ada@example.com", password: "secret1").account.uid
        for moment in [-1e300, -Double.infinity, .nan] {
            do {
                _ = try engine.updatePassword(uid: uid, newPassword: "secret2",
                                              authTime: Date(timeIntervalSince1970: moment))
                Issue.record("an auth time of \(moment) counted as recent")
            } catch {
                #expect(error.code == .credentialTooOldLoginAgain)
            }
        }
    }

    @Test("a negative schema version is a damaged store, refused when opened")
    func negativeSchemaVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        _ = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
        try SQLiteDatabase(path: path).execute("PRAGMA user_version = -1")
        do {
            _ = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
            Issue.record("opened a store of version -1")
        } catch {
            #expect(error.code == .storageFailure && error.storeProblem == .damaged)
        }
    }

    @Test("a row whose email no longer matches its unique index is a damaged store, never a second account")
    func rowBehindItsUniqueIndex() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        do {
            let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
            _ = try engine.createAccount(email: "ada@example.com", password: "secret1")
        }
        try SQLiteDatabase(path: path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The row holds the email, then its key: one changed byte of the key, while the index keeps "ada@".
        let row = try #require(bytes.range(of: Data("ada@example.comada@example.com".utf8)))
        bytes[row.lowerBound + 15] = UInt8(ascii: "b")
        try bytes.write(to: URL(fileURLWithPath: path))
        do {
            let engine = try LocalAuthEngine(path: path, passwordHashing: cheapHashing)
            _ = try engine.createAccount(email: "bda@example.com", password: "secret1")
            Issue.record("a second account took bda@example.com")
        } catch {
            #expect(error.code == .storageFailure && error.storeProblem == .damaged)
            #expect(error.detail?.contains("missing from index") == true, "\(error.detail ?? "")")
        }
    }

    @Test("an imported hash whose stored settings are out of bounds never verifies",
          arguments: ImportedPasswordHash.Algorithm.allCases)
    func importedSettingsOutOfBounds(algorithm: ImportedPasswordHash.Algorithm) throws {
        for extreme in [-1, Int.max, Int.min, 1 << 40] {
            var record = ImportedPasswordHash(algorithm: algorithm, hash: [1, 2, 3], salt: [4])
            record.rounds = extreme
            record.memoryCost = extreme
            record.blockSize = extreme
            record.parallelization = extreme
            record.key = [5]
            #expect(try !PasswordHasher(parameters: cheapHashing)
                .verify("secret1", against: record.encoded, for: "a"))
        }
    }
}
