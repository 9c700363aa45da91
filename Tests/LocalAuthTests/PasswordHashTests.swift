import AuthCore
import Foundation
@testable import LocalAuth
import Testing

@Suite("Password hashing")
struct PasswordHashTests {
    @Test("a hash records its parameters, a 16-byte salt and verifies only its password")
    func roundTrip() throws {
        let hasher = PasswordHasher(parameters: cheapHashing)
        let encoded = try hasher.hash("correct horse", for: "a")
        let record = try #require(PasswordHashRecord(encoded: encoded))
        #expect(encoded.hasPrefix("scrypt$1024$8$1$"))
        #expect(record.parameters == cheapHashing)
        #expect(record.salt.count == 16)
        #expect(record.hash.count == 32)
        #expect(record.encoded == encoded)
        #expect(try hasher.verify("correct horse", against: encoded, for: "a"))
        #expect(try !hasher.verify("correct horsE", against: encoded, for: "a"))
        #expect(try hasher.hash("correct horse", for: "a") != encoded)
    }

    @Test("verification uses the parameters stored in the record, not the hasher's")
    func verifiesWithStoredParameters() throws {
        let other = ScryptParameters(cost: 1 << 11, blockSize: 4, parallelism: 2)
        let encoded = try PasswordHasher(parameters: other).hash("secret1", for: "a")
        #expect(try PasswordHasher(parameters: cheapHashing).verify("secret1", against: encoded, for: "a"))
    }

    @Test("malformed or out-of-bounds records never verify", arguments: [
        "", "secret1", "bcrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$1024$8$1$not base64$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    ])
    func rejectsBadRecords(encoded: String) throws {
        #expect(try !PasswordHasher(parameters: cheapHashing).verify("secret1", against: encoded, for: "a"))
    }

    @Test("an imported bcrypt hash is run only up to cost 14 (cost 31 held the pool for a day)")
    func bcryptCostIsBounded() {
        func bcrypt(_ cost: String) -> ImportedPasswordHash {
            ImportedPasswordHash(algorithm: .bcrypt, hash: Array("$2b$\(cost)$abcdefghijklmnopqrstuu".utf8), salt: [])
        }
        #expect(bcrypt("04").isWithinBounds && bcrypt("14").isWithinBounds)
        for cost in ["15", "31", "99", "03", "+9", "x1"] {
            #expect(!bcrypt(cost).isWithinBounds, "cost \(cost)")
        }
    }

    @Test("the default is OWASP's N=2^17, r=8, p=1, and it runs (memory limit passed explicitly)")
    func owaspDefault() throws {
        #expect(ScryptParameters.owasp == ScryptParameters(cost: 131_072, blockSize: 8, parallelism: 1))
        let hasher = PasswordHasher(parameters: .owasp)
        let encoded = try hasher.hash("secret1", for: "a")
        #expect(encoded.hasPrefix("scrypt$131072$8$1$"))
        #expect(try hasher.verify("secret1", against: encoded, for: "a"))
    }

    @Test("the store keeps a salted scrypt hash, never the password")
    func storedHashIsNotThePassword() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.sqlite")
        _ = try await makeClient(path: path).createUser(email: "ada@example.com", password: "hunter22")

        let database = try SQLiteDatabase(path: path)
        let stored = try #require(try database.first("SELECT password_hash FROM accounts") { $0.text(0) })
        #expect(stored?.hasPrefix("scrypt$") == true)
        #expect(stored?.contains("hunter22") == false)
        #expect(try PasswordHasher(parameters: cheapHashing).verify("hunter22", against: stored ?? "", for: "a"))
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data("hunter22".utf8)) == nil)
        }
    }
}
