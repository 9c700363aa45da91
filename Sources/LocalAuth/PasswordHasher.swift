import AuthCore
import CLibCrypto

/// Hashes passwords with scrypt (OpenSSL) and verifies them in constant time against stored records.
struct PasswordHasher: Sendable {
    static let saltLength = 16
    static let keyLength = 32

    /// Settings for new hashes; verification uses the settings stored in each record.
    let parameters: ScryptParameters

    /// A fresh record for `password` with a random salt, in its stored text form.
    func hash(_ password: String) throws(AuthError) -> String {
        let salt = SystemRandom.bytes(Self.saltLength)
        guard let key = HashingPool.run({ Self.derive(password, salt: salt, parameters: parameters) }) else {
            throw AuthError(.internalError, detail: "scrypt failed")
        }
        return PasswordHashRecord(parameters: parameters, salt: salt, hash: key).encoded
    }

    /// Whether `password` matches the stored record (ours, or one imported from another system); false for a
    /// malformed record.
    func verify(_ password: String, against encoded: String) -> Bool {
        if let imported = ImportedPasswordHash(encoded: encoded) {
            return HashingPool.run { imported.matches(password) }
        }
        guard let record = PasswordHashRecord(encoded: encoded),
              let key = HashingPool.run({
                  Self.derive(password, salt: record.salt, parameters: record.parameters, length: record.hash.count)
              })
        else { return false }
        return libcrypto_memcmp(key, record.hash, key.count) == 0
    }

    /// Spends the time of one verification without a record, so an unknown email answers as slowly as a known one.
    func simulateVerification(_ password: String) {
        let salt = [UInt8](repeating: 0, count: Self.saltLength)
        _ = HashingPool.run { Self.derive(password, salt: salt, parameters: parameters) }
    }

    /// scrypt(password, salt) with an explicit memory limit (OpenSSL's default of 32 MiB is too small for OWASP's N).
    private static func derive(_ password: String, salt: [UInt8], parameters: ScryptParameters,
                               length: Int = keyLength) -> [UInt8]? {
        let secret = Array(password.utf8CString.dropLast())
        var key = [UInt8](repeating: 0, count: length)
        let status = libcrypto_scrypt(secret, secret.count, salt, salt.count,
                                    parameters.cost, parameters.blockSize, parameters.parallelism,
                                    parameters.memoryLimit, &key, key.count)
        return status == 1 ? key : nil
    }
}
