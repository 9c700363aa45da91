import AuthEmulator
import Foundation
import Testing
import TestSupport

/// Hashes of the password "imported1" with salt "NaCl-salt", made with Python's hashlib, hmac, the
/// `cryptography` package (AES for Firebase's scrypt) and libcrypt (bcrypt), independently of the emulator.
private let importedPassword = "imported1"
private let salt = "TmFDbC1zYWx0"
private let signerKey = "c2lnbmVyLWtleS0wMTIzNDU2Nzg5"

/// The request settings and hash of each algorithm.
private nonisolated(unsafe) let hashCases: [(name: String, settings: [String: Any], hash: String)] = [
    ("SCRYPT", ["signerKey": signerKey, "saltSeparator": "AQ==", "rounds": 8, "memoryCost": 10],
     "cFRqVnAkxcU7KdOAll/qR5Cdwyfk"),
    ("STANDARD_SCRYPT", ["cpuMemCost": 1024, "blockSize": 8, "parallelization": 1, "dkLen": 32],
     "+hgehMX9XSVy7D2Ce+iM9868idBnv7ISK/zPG/aefuU="),
    ("BCRYPT", [:], "JDJiJDA0JGFiY2RlZmdoaWprbG1ub3BxcnN0dXUuUVJlc2RZQ202cTZLU0ZUVWtjZWNzT1FNWVhxdXU2"),
    ("PBKDF2_SHA256", ["rounds": 1000], "2EGs8tl8se8AFVpO+UXeseJyz0/5tfdXnfxQ4nyBrSQ="),
    ("PBKDF_SHA1", ["rounds": 1000], "eeNBUM7BE/MFP9WRkSTYwIh8ELI="),
    ("HMAC_SHA256", ["signerKey": signerKey], "UbDKVvPCqAWeVqqAQ+iRvps6qpB4Zi6nNCEwr0PM/aA="),
    ("HMAC_SHA512", ["signerKey": signerKey, "passwordHashOrder": "PASSWORD_AND_SALT"],
     "DDTF64pUlOMlpPuwwNLu8z7PMs60rZwOGaToGuth4negbs+OFILgF1hxkDVoXFL/c359c/zxruz99/GsNh35kg=="),
    ("HMAC_SHA1", ["signerKey": signerKey], "fBXVPvrQ2ZxzSz/1elefLKaeogc="),
    ("HMAC_MD5", ["signerKey": signerKey], "18m+E/T3jTt0sJSYhVaxZA=="),
    ("SHA256", ["rounds": 2], "569pOcb9WNAJSzCjVSt04odoIDAD7DSmkt+pK7h0SWE="),
    ("SHA512", ["rounds": 1],
     "9UqTbkf9RtElJEj2sBy0ovojAh3pvIUo8oFCzBOiby8FLiC/tRTGm35nph6H+ZGB1UNltrUwKcozcVc/XAKCLQ=="),
    ("SHA1", ["rounds": 1], "Wn4cFuxG6iE3fkJJp8tpY5TV1mE="),
    ("MD5", ["rounds": 0], "qpa7mhyhOfKLn9uoDcxl8A=="),
]

@Suite("batchCreate imports accounts with each hash algorithm, checked at the next sign-in")
struct ImportTests {
    @Test("an imported hash accepts its password and refuses others", arguments: hashCases.map(\.name))
    func importedHash(name: String) throws {
        let emulator = try Emulator()
        let entry = try #require(hashCases.first { $0.name == name })
        var body = entry.settings
        body["hashAlgorithm"] = name
        body["users"] = [["localId": "imported", "email": "imported@example.com", "passwordHash": entry.hash,
                          "salt": salt, "customAttributes": #"{"from":"import"}"#,
                          "providerUserInfo": [["providerId": "github.com", "rawId": "gh-1"]]]]
        let reply = emulator.admin("POST", projectPath("/accounts:batchCreate"), body)
        #expect(reply.status == 200 && reply.json["error"] == nil, "\(reply.json)")
        let signIn = emulator.call("signInWithPassword",
                                   ["email": "imported@example.com", "password": importedPassword])
        #expect(signIn.status == 200, "\(name): \(signIn.errorMessage ?? "")")
        if let token = signIn.string("idToken") { #expect(try jwtClaims(token)["from"]?.stringValue == "import") }
        let wrong = emulator.call("signInWithPassword", ["email": "imported@example.com", "password": "imported2"])
        #expect(wrong.errorCode == "INVALID_PASSWORD")
    }

    @Test("Firebase's emulator's fakeHash stand-in signs in with its password only, against the entry's salt")
    func emulatorFakeHash() throws {
        let emulator = try Emulator()
        let path = projectPath("/accounts:batchCreate")
        let fake = "fakeHash:salt=beach:password=hawaii"
        let users: [[String: Any]] = [
            ["localId": "a", "email": "a@example.com", "salt": "beach", "passwordHash": fake],
            ["localId": "b", "email": "b@example.com", "salt": "sand", "passwordHash": fake],
        ]
        #expect(emulator.admin("POST", path, ["users": users]).json["error"] == nil)
        #expect(emulator.call("signInWithPassword", ["email": "a@example.com", "password": "hawaii"]).status == 200)
        #expect(emulator.call("signInWithPassword", ["email": "a@example.com", "password": "hawaii2"]).errorCode
            == "INVALID_PASSWORD")
        #expect(emulator.call("signInWithPassword", ["email": "b@example.com", "password": "hawaii"]).errorCode
            == "INVALID_PASSWORD")
    }

    @Test("bad settings are refused; failing accounts are listed by index while the others are stored")
    func importErrors() throws {
        let emulator = try Emulator()
        let path = projectPath("/accounts:batchCreate")
        let user: [String: Any] = ["localId": "a", "passwordHash": "AAAA", "salt": salt, "email": "a@example.com"]
        #expect(String(describing: emulator.admin("POST", path, ["users": [user]]).json["error"])
            .contains("MISSING_HASH_ALGORITHM"))
        #expect(emulator.admin("POST", path, ["hashAlgorithm": "ROT13", "users": [user]]).errorCode
            == "INVALID_HASH_ALGORITHM")
        // Firebase's emulator's stand-in is read only without a hashAlgorithm; no hashAlgorithm names it.
        #expect(emulator.admin("POST", path, ["hashAlgorithm": "EMULATOR_FAKE_HASH", "users": [user]]).errorCode
            == "INVALID_HASH_ALGORITHM")
        #expect(emulator.admin("POST", path, ["hashAlgorithm": "HMAC_SHA256", "users": [user]]).errorCode
            == "MISSING_SIGNER_KEY")
        #expect(emulator.admin("POST", path, ["hashAlgorithm": "SCRYPT", "signerKey": signerKey, "rounds": 8,
                                              "memoryCost": 30, "users": [user]]).errorCode
            == "INVALID_HASH_PARAMETERS")
        let costly = Data("$2b$31$abcdefghijklmnopqrstuu.QResdYCm6q6KSFTUkcecsOQMYXquu6".utf8).base64EncodedString()
        let tooCostly = emulator.admin("POST", path, ["hashAlgorithm": "BCRYPT", "users": [
            ["localId": "costly", "email": "costly@example.com", "passwordHash": costly, "salt": ""],
        ]])
        #expect(tooCostly.array("error").first?["message"]?.stringValue
            == "INVALID_PASSWORD_HASH : bcrypt hashes of cost 4 to 14 are imported")
        #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": ["costly"]]).array("users")
            .isEmpty)
        let mixed = emulator.admin("POST", path, ["users": [
            ["localId": "ok", "email": "ok@example.com"], ["email": "no-uid@example.com"],
            ["localId": "dup", "email": "OK@example.com"],
        ]])
        #expect(mixed.array("error").compactMap { $0["index"] } == [.number(1), .number(2)])
        #expect(emulator.admin("POST", projectPath("/accounts:lookup"), ["localId": ["ok"]]).array("users").count == 1)
        let replaced = emulator.admin("POST", path, ["allowOverwrite": true,
                                                     "users": [["localId": "ok", "displayName": "Replaced"]]])
        #expect(replaced.json["error"] == nil)
        let refused = emulator.admin("POST", path, ["users": [["localId": "ok"]]])
        #expect(refused.array("error").first?["message"]?.stringValue
            == "localId belongs to an existing account - can not overwrite.")
    }
}
