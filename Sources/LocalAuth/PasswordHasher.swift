import AuthCore
import CLibCrypto

/// Hashes passwords with scrypt (OpenSSL) and verifies them in constant time against stored records, each
/// account's in turn through the hashing pool.
struct PasswordHasher: Sendable {
    static let saltLength = 16
    static let keyLength = 32

    /// Settings for new hashes; verification uses the settings stored in each record.
    let parameters: ScryptParameters
    /// Where the hashes run.
    var pool = HashingPool.shared
    /// How long verifications take, for unknown emails.
    let timing = VerificationTiming()

    /// A fresh record for `password` of `account` (a uid or email key) with a random salt, in its stored text form.
    ///
    /// Errors: TOO_MANY_ATTEMPTS_TRY_LATER when the pool had no place before the deadline.
    func hash(_ password: String, for account: String) throws(AuthError) -> String {
        let salt = SystemRandom.bytes(Self.saltLength)
        guard let key = try inPool(account, { Self.derive(password, salt: salt, parameters: parameters) }) else {
            throw AuthError(.internalError, detail: "scrypt failed")
        }
        return PasswordHashRecord(parameters: parameters, salt: salt, hash: key).encoded
    }

    /// Whether `password` matches the stored record of `account` (ours, or one imported from another system);
    /// false for a malformed record.
    ///
    /// Errors: TOO_MANY_ATTEMPTS_TRY_LATER when the pool had no place before the deadline.
    func verify(_ password: String, against encoded: String, for account: String) throws(AuthError) -> Bool {
        let start = ContinuousClock.now
        let matches: Bool
        if let imported = ImportedPasswordHash(encoded: encoded) {
            matches = try inPool(account) { imported.matches(password) }
        } else if let record = PasswordHashRecord(encoded: encoded) {
            let key = try inPool(account) {
                Self.derive(password, salt: record.salt, parameters: record.parameters, length: record.hash.count)
            }
            matches = key.map { libcrypto_memcmp($0, record.hash, $0.count) == 0 } ?? false
        } else {
            return false
        }
        timing.record(ContinuousClock.now - start)
        return matches
    }

    /// Spends the time of one verification without a record, so an unknown email answers as slowly as a known
    /// one: the typical verification's time asleep, or one real hash while none was measured.
    func simulateVerification(_ password: String, for account: String) throws(AuthError) {
        if let typical = timing.typical { return timing.wait(typical) }
        let start = ContinuousClock.now
        let salt = [UInt8](repeating: 0, count: Self.saltLength)
        _ = try inPool(account) { Self.derive(password, salt: salt, parameters: parameters) }
        timing.record(ContinuousClock.now - start)
    }

    /// `work` run in the pool for `account`.
    private func inPool<Result>(_ account: String, _ work: () -> Result) throws(AuthError) -> Result {
        guard let result = pool.run(for: account, work) else {
            throw AuthError(.tooManyAttemptsTryLater, detail: "password hashing is busy")
        }
        return result
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
