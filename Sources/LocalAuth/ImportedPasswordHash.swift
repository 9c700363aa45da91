import AuthCore
import CCrypt
import CLibCrypto
import FoundationEssentials

/// A password hash imported from another system (`accounts:batchCreate`), kept as it came and checked at
/// sign-in with its own algorithm, all through OpenSSL (bcrypt through libcrypt).
public struct ImportedPasswordHash: Sendable, Hashable, Codable {
    /// The algorithms Identity Toolkit imports (its `hashAlgorithm` names).
    public enum Algorithm: String, Sendable, Hashable, Codable, CaseIterable {
        case scrypt = "SCRYPT", standardScrypt = "STANDARD_SCRYPT", bcrypt = "BCRYPT"
        case pbkdf2SHA256 = "PBKDF2_SHA256", pbkdfSHA1 = "PBKDF_SHA1"
        case hmacSHA512 = "HMAC_SHA512", hmacSHA256 = "HMAC_SHA256", hmacSHA1 = "HMAC_SHA1", hmacMD5 = "HMAC_MD5"
        case sha512 = "SHA512", sha256 = "SHA256", sha1 = "SHA1", md5 = "MD5"
        /// Firebase's emulator's stand-in, `fakeHash:salt=<salt>:password=<password>` (no hashing at all); no
        /// `hashAlgorithm` names it.
        case emulatorFakeHash = "EMULATOR_FAKE_HASH"
    }

    /// Whether the salt goes before the password (`SALT_AND_PASSWORD`, the default) or after it.
    public enum Order: String, Sendable, Hashable, Codable {
        case saltAndPassword = "SALT_AND_PASSWORD", passwordAndSalt = "PASSWORD_AND_SALT"
    }

    public var algorithm: Algorithm
    public var hash: [UInt8]
    public var salt: [UInt8]
    /// Rounds (digests, PBKDF2 iterations; 0 counts as 1) or, for Firebase's scrypt, r.
    public var rounds: Int = 0
    /// Firebase's scrypt: log2 N; standard scrypt: N itself.
    public var memoryCost: Int = 0
    public var blockSize: Int = 0
    public var parallelization: Int = 0
    /// HMAC key, or Firebase scrypt's signer key.
    public var key: [UInt8] = []
    public var saltSeparator: [UInt8] = []
    public var order: Order = .saltAndPassword

    /// A hash of `algorithm` with its salt; the other settings start empty.
    public init(algorithm: Algorithm, hash: [UInt8], salt: [UInt8]) {
        self.algorithm = algorithm
        self.hash = hash
        self.salt = salt
    }

    /// Firebase's emulator's stand-in for a hash, as its `batchCreate` takes it (`fakeHash:salt=…:password=…`,
    /// the password in clear), with the entry's `salt`; nil for any other text.
    public static func emulatorFake(_ text: String, salt: String) -> ImportedPasswordHash? {
        guard text.hasPrefix(fakeHashPrefix) else { return nil }
        return ImportedPasswordHash(algorithm: .emulatorFakeHash, hash: Array(text.utf8), salt: Array(salt.utf8))
    }

    /// The stand-in's text and salt as they were imported, for the lookups that show them as Firebase's emulator
    /// does; nil for a real hash.
    public var emulatorFakeText: (passwordHash: String, salt: String)? {
        guard algorithm == .emulatorFakeHash else { return nil }
        return (String(decoding: hash, as: UTF8.self), String(decoding: salt, as: UTF8.self))
    }

    private static let fakeHashPrefix = "fakeHash:"

    /// The prefix of the stored text form.
    static let scheme = "imported$"

    /// The stored text form: the scheme, then the settings as base64 JSON.
    var encoded: String {
        let json = (try? JSONEncoder().encode(self)) ?? Data()
        return Self.scheme + json.base64EncodedString()
    }

    /// Parses the stored text form.
    init?(encoded: String) {
        guard encoded.hasPrefix(Self.scheme),
              let json = Data(base64Encoded: String(encoded.dropFirst(Self.scheme.count))),
              let decoded = try? JSONDecoder().decode(Self.self, from: json)
        else { return nil }
        self = decoded
    }

    /// Whether the settings can be run without unbounded work; checked before storing.
    public var isWithinBounds: Bool {
        switch algorithm {
        case .scrypt: (1...14).contains(memoryCost) && (1...8).contains(rounds) && !key.isEmpty
        case .standardScrypt:
            ScryptParameters(cost: UInt64(max(memoryCost, 0)), blockSize: UInt64(max(blockSize, 0)),
                             parallelism: UInt64(max(parallelization, 0))).isWithinBounds
        case .bcrypt: hash.isEmpty || bcryptCost.map(Self.bcryptCosts.contains) == true
        case .pbkdf2SHA256, .pbkdfSHA1: (0...120_000).contains(rounds)
        case .hmacSHA512, .hmacSHA256, .hmacSHA1, .hmacMD5: !key.isEmpty
        case .sha512, .sha256, .sha1, .md5: (0...8192).contains(rounds)
        case .emulatorFakeHash: true
        }
    }

    /// The bcrypt costs (log2 of the rounds) that are checked at sign-in: libcrypt's lowest to 14, about a second
    /// here. Firebase documents no bound (its emulator never checks a bcrypt hash); cost 31 took about a day.
    public static let bcryptCosts = 4...14

    /// A bcrypt hash's cost, from its `$2x$NN$` text; nil when the hash is not in that form.
    public var bcryptCost: Int? {
        let text = String(decoding: hash, as: UTF8.self)
        let fields = text.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count >= 4, fields[0].isEmpty, fields[1].hasPrefix("2"), fields[2].count == 2,
              fields[2].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(fields[2])
    }

    /// Whether `password` produces this hash, compared in constant time. A stored record whose settings are out
    /// of bounds (tampered with, or stored through the engine unchecked) matches nothing: its counts are never
    /// converted or run.
    func matches(_ password: String) -> Bool {
        guard isWithinBounds else { return false }
        let secret = Array(password.utf8)
        if algorithm == .bcrypt { return bcryptMatches(secret) }
        guard let derived = derive(secret), derived.count == hash.count, !hash.isEmpty else { return false }
        return libcrypto_memcmp(derived, hash, hash.count) == 0
    }

    /// The hash `secret` gives under these settings.
    private func derive(_ secret: [UInt8]) -> [UInt8]? {
        let input = order == .saltAndPassword ? salt + secret : secret + salt
        switch algorithm {
        case .scrypt: return firebaseScrypt(secret)
        case .standardScrypt:
            return Self.scrypt(secret, salt: salt, cost: UInt64(memoryCost), blockSize: UInt64(blockSize),
                               parallelism: UInt64(parallelization), length: hash.count)
        case .pbkdf2SHA256:
            return Self.pbkdf2(secret, salt: salt, rounds: rounds, digest: libcrypto_sha256(), length: hash.count)
        case .pbkdfSHA1:
            return Self.pbkdf2(secret, salt: salt, rounds: rounds, digest: libcrypto_sha1(), length: hash.count)
        case .hmacSHA512: return Self.hmac(input, key: key, digest: libcrypto_sha512())
        case .hmacSHA256: return Self.hmac(input, key: key, digest: libcrypto_sha256())
        case .hmacSHA1: return Self.hmac(input, key: key, digest: libcrypto_sha1())
        case .hmacMD5: return Self.hmac(input, key: key, digest: libcrypto_md5())
        case .sha512: return Self.digest(input, rounds: rounds, with: libcrypto_sha512())
        case .sha256: return Self.digest(input, rounds: rounds, with: libcrypto_sha256())
        case .sha1: return Self.digest(input, rounds: rounds, with: libcrypto_sha1())
        case .md5: return Self.digest(input, rounds: rounds, with: libcrypto_md5())
        case .emulatorFakeHash:
            let text = "\(Self.fakeHashPrefix)salt=\(String(decoding: salt, as: UTF8.self)):password="
            return Array(text.utf8) + secret
        case .bcrypt: return nil
        }
    }

    /// Firebase's modified scrypt: scrypt(password, salt + separator, N = 2^memoryCost, r = rounds, p = 1,
    /// 64 bytes), whose first 32 bytes key AES-256-CTR (zero IV) over the signer key.
    private func firebaseScrypt(_ secret: [UInt8]) -> [UInt8]? {
        guard let derived = Self.scrypt(secret, salt: salt + saltSeparator, cost: 1 << UInt64(memoryCost),
                                        blockSize: UInt64(rounds), parallelism: 1, length: 64) else { return nil }
        let iv = [UInt8](repeating: 0, count: 16)
        var output = [UInt8](repeating: 0, count: key.count)
        let written = libcrypto_aes_256_ctr(Array(derived.prefix(32)), iv, key, Int32(key.count), &output)
        return written == key.count ? output : nil
    }

    /// bcrypt through libcrypt (opened on first use): the stored hash is the `$2…$` text itself.
    private func bcryptMatches(_ secret: [UInt8]) -> Bool {
        guard let setting = String(bytes: hash, encoding: .utf8), setting.hasPrefix("$2"),
              !secret.contains(0) else { return false }
        var data = crypt_data()
        let result = withUnsafeMutablePointer(to: &data) { pointer -> [UInt8]? in
            guard let output = libcrypt_crypt_r(String(decoding: secret, as: UTF8.self), setting, pointer) else { return nil }
            return Array(String(cString: output).utf8)
        }
        guard let result, result.count == hash.count else { return false }
        return libcrypto_memcmp(result, hash, hash.count) == 0
    }

    private static func scrypt(_ secret: [UInt8], salt: [UInt8], cost: UInt64, blockSize: UInt64,
                               parallelism: UInt64, length: Int) -> [UInt8]? {
        let parameters = ScryptParameters(cost: cost, blockSize: blockSize, parallelism: parallelism)
        guard parameters.isWithinBounds, length > 0 else { return nil }
        var key = [UInt8](repeating: 0, count: length)
        let status = libcrypto_scrypt(secret, secret.count, salt, salt.count, cost, blockSize, parallelism,
                                    parameters.memoryLimit, &key, length)
        return status == 1 ? key : nil
    }

    private static func pbkdf2(_ secret: [UInt8], salt: [UInt8], rounds: Int, digest: OpaquePointer?,
                               length: Int) -> [UInt8]? {
        guard length > 0 else { return nil }
        var key = [UInt8](repeating: 0, count: length)
        let status = secret.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                libcrypto_pbkdf2_hmac(chars.baseAddress, Int32(secret.count), salt, Int32(salt.count),
                                  Int32(max(rounds, 1)), digest, Int32(length), &key)
            }
        }
        return status == 1 ? key : nil
    }

    private static func hmac(_ input: [UInt8], key: [UInt8], digest: OpaquePointer?) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard libcrypto_hmac(digest, key, Int32(key.count), input, input.count, &output, &length) != nil else { return nil }
        return Array(output.prefix(Int(length)))
    }

    /// The digest of `input`, then of that digest again until `rounds` digests are taken (0 counts as 1).
    private static func digest(_ input: [UInt8], rounds: Int, with digest: OpaquePointer?) -> [UInt8]? {
        var current = input
        for _ in 0..<max(rounds, 1) {
            var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard libcrypto_digest(current, current.count, &output, &length, digest) == 1 else { return nil }
            current = Array(output.prefix(Int(length)))
        }
        return current
    }
}
