import AuthCore
import FoundationEssentials

extension LocalStore {
    /// The account with this uid.
    func account(uid: String) throws(AuthError) -> AccountRecord? {
        try database.first("SELECT \(AccountRecord.columns) FROM accounts WHERE uid = ?", [.text(uid)],
                            row: AccountRecord.init(row:))
    }

    /// The account registered under this (lowercased) email.
    func account(emailKey: String) throws(AuthError) -> AccountRecord? {
        try database.first("SELECT \(AccountRecord.columns) FROM accounts WHERE email_key = ?", [.text(emailKey)],
                           row: AccountRecord.init(row:))
    }

    /// The account whose first email before a change was this one (lowercased).
    func account(initialEmailKey: String) throws(AuthError) -> AccountRecord? {
        try database.first("SELECT \(AccountRecord.columns) FROM accounts WHERE lower(initial_email) = ?",
                           [.text(initialEmailKey)], row: AccountRecord.init(row:))
    }

    /// The account that has this (E.164) phone number.
    func account(phoneNumber: String) throws(AuthError) -> AccountRecord? {
        try database.first("SELECT \(AccountRecord.columns) FROM accounts WHERE phone_number = ?",
                           [.text(phoneNumber)], row: AccountRecord.init(row:))
    }

    /// Adds a new account.
    func insert(_ account: AccountRecord) throws(AuthError) {
        try database.run("""
            INSERT INTO accounts (uid, email, email_key, password_hash, display_name, phone_number, is_anonymous,
                email_verified, disabled, providers, created_at, last_sign_in_at, password_updated_at, valid_since,
                photo_url, custom_attributes, screen_name, initial_email)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [
                .text(account.uid), .text(account.email), .text(account.email?.lowercased()),
                .text(account.passwordHash), .text(account.displayName), .text(account.phoneNumber),
                .bool(account.isAnonymous), .bool(account.isEmailVerified), .bool(account.isDisabled),
                .text(account.providerIDs.joined(separator: ",")), .date(account.createdAt),
                account.lastSignInAt.map(SQLiteValue.date) ?? .null,
                account.passwordUpdatedAt.map(SQLiteValue.date) ?? .null,
                account.validSince.map(SQLiteValue.date) ?? .null, .text(account.photoURL),
                .text(account.customAttributes), .text(account.screenName), .text(account.initialEmail),
            ])
    }

    /// Writes every mutable field of an existing account back.
    func update(_ account: AccountRecord) throws(AuthError) {
        try database.run("""
            UPDATE accounts SET email = ?, email_key = ?, password_hash = ?, display_name = ?, phone_number = ?,
                is_anonymous = ?, email_verified = ?, disabled = ?, providers = ?, last_sign_in_at = ?,
                password_updated_at = ?, valid_since = ?, photo_url = ?, custom_attributes = ?, screen_name = ?,
                initial_email = ?
            WHERE uid = ?
            """, [
                .text(account.email), .text(account.email?.lowercased()), .text(account.passwordHash),
                .text(account.displayName), .text(account.phoneNumber), .bool(account.isAnonymous),
                .bool(account.isEmailVerified), .bool(account.isDisabled),
                .text(account.providerIDs.joined(separator: ",")),
                account.lastSignInAt.map(SQLiteValue.date) ?? .null,
                account.passwordUpdatedAt.map(SQLiteValue.date) ?? .null,
                account.validSince.map(SQLiteValue.date) ?? .null, .text(account.photoURL),
                .text(account.customAttributes), .text(account.screenName), .text(account.initialEmail),
                .text(account.uid),
            ])
    }

    /// Removes an account; its session row goes with it (foreign key cascade).
    func deleteAccount(uid: String) throws(AuthError) {
        try database.run("DELETE FROM accounts WHERE uid = ?", [.text(uid)])
    }
}

extension LocalStore {
    /// Records that account `uid` signed in at `moment` and returns it as stored now; one statement that leaves
    /// the indexes alone, where `modifyAccount` reads and rewrites every column.
    func recordSignIn(uid: String, at moment: Date) throws(AuthError) -> AccountRecord {
        let account = try database.first(
            "UPDATE accounts SET last_sign_in_at = ? WHERE uid = ? RETURNING \(AccountRecord.columns)",
            [.date(moment), .text(uid)], row: AccountRecord.init(row:))
        guard let account else { throw AuthError(.userNotFound, detail: "account deleted") }
        return account
    }

    /// Reads, changes and writes back one account; call inside `write` so nothing changes in between.
    func modifyAccount(uid: String, _ change: (inout AccountRecord) throws(AuthError) -> Void)
        throws(AuthError) -> AccountRecord {
        guard var account = try account(uid: uid) else { throw AuthError(.userNotFound, detail: "account deleted") }
        try change(&account)
        try update(account)
        return account
    }
}

extension LocalStore {
    /// Up to `limit` accounts in uid order after `uid` (from the first when nil).
    func accounts(after uid: String?, limit: Int) throws(AuthError) -> [AccountRecord] {
        try database.query("SELECT \(AccountRecord.columns) FROM accounts WHERE uid > ? ORDER BY uid LIMIT ?",
                           [.text(uid ?? ""), .integer(Int64(limit))], row: AccountRecord.init(row:))
    }

    /// How many accounts are stored.
    func accountCount() throws(AuthError) -> Int {
        Int(try database.first("SELECT count(*) FROM accounts") { $0.integer(0) } ?? 0)
    }
}
