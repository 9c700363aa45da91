import AuthCore
import CLibCrypto
import FoundationEssentials

extension LocalAuthEngine {
    /// The store's secret for signing ID tokens (HMAC-SHA-256), 32 random bytes made on first use and kept in
    /// the store, so tokens stay valid across restarts and processes on the same file. It is read from the store
    /// once: secrets are only ever added.
    public func idTokenSigningKey() throws(AuthError) -> [UInt8] {
        if let known = signingKey.withLock({ $0 }) { return known }
        let encoded = try write { store throws(AuthError) in
            try store.secret(named: "id-token-hs256") { () throws(AuthError) in
                Data(SystemRandom.bytes(32)).base64EncodedString()
            }
        }
        guard let key = Data(base64Encoded: encoded), !key.isEmpty else {
            throw AuthError(.storageFailure, detail: "malformed ID-token signing key")
        }
        signingKey.withLock { $0 = Array(key) }
        return Array(key)
    }

    /// A new random refresh token continuing `signIn` (same provider, auth time and second factor whenever it
    /// is redeemed). Only its SHA-256 digest is stored.
    /// Sign-ins outside the store's session come with one already (`LocalSignIn.refreshToken`).
    public func issueRefreshToken(for signIn: LocalSignIn, secondFactor: EnrolledFactor? = nil) throws(AuthError)
        -> String {
        let now = clock()
        return try write { store throws(AuthError) in
            try Self.insertRefreshToken(for: signIn, secondFactor: secondFactor, issuedAt: now, in: store)
        }
    }

    /// Inside a write: stores a new refresh token continuing `signIn` (and `secondFactor`) and returns it.
    static func insertRefreshToken(for signIn: LocalSignIn, secondFactor: EnrolledFactor?, issuedAt: Date,
                                   in store: LocalStore) throws(AuthError) -> String {
        let token = SystemRandom.urlSafeToken(byteCount: 32)
        let record = RefreshTokenRecord(uid: signIn.account.uid, signInProvider: signIn.provider,
                                        authTime: signIn.authTime, isRevoked: false,
                                        secondFactor: secondFactor?.claimName, secondFactorID: secondFactor?.id,
                                        developerClaims: signIn.developerClaims)
        try store.insertRefreshToken(digest: try digest(token), record: record, issuedAt: issuedAt)
        return token
    }

    /// What a refresh token stands for; nil when it was never issued here.
    ///
    /// Errors: TOKEN_EXPIRED (revoked: the password changed since), USER_NOT_FOUND (account deleted),
    /// USER_DISABLED.
    public func redeemRefreshToken(_ token: String) throws(AuthError) -> RefreshTokenGrant? {
        let digest = try Self.digest(token)
        return try withStore { store throws(AuthError) -> RefreshTokenGrant? in
            guard let record = try store.refreshToken(digest: digest) else { return nil }
            guard !record.isRevoked else { throw AuthError(.tokenExpired, detail: "refresh token revoked") }
            guard let account = try store.account(uid: record.uid) else { throw AuthError(.userNotFound) }
            guard !account.isDisabled else { throw AuthError(.userDisabled) }
            return RefreshTokenGrant(account: try Self.report(account, in: store), provider: record.signInProvider,
                                     authTime: record.authTime, secondFactor: record.secondFactor,
                                     secondFactorID: record.secondFactorID, developerClaims: record.developerClaims)
        }
    }

    /// The lowercase hex SHA-256 of `token`.
    private static func digest(_ token: String) throws(AuthError) -> String {
        let bytes = Array(token.utf8)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard libcrypto_digest(bytes, bytes.count, &output, &length, libcrypto_sha256()) == 1 else {
            throw AuthError(.internalError, detail: "SHA-256 failed")
        }
        return Hex.lowercase(output.prefix(Int(length)))
    }
}
