import AuthCore

/// The store's tables, versioned with `PRAGMA user_version` and migrated forward on open.
///
/// A new store is created at the current version in one script (`current`): replaying every migration would
/// make SQLite re-read the whole schema at each `ALTER TABLE`, most of a new store's opening time. A new
/// migration therefore also changes `current`; `StoreSchemaTests` checks that both give the same tables.
enum StoreSchema {
    /// Scripts that take the store from version `index` to `index + 1`.
    static let migrations: [String] = [
        // 0 → 1: accounts, the session, the outbox, out-of-band codes and failed sign-ins.
        """
        CREATE TABLE accounts (
            uid TEXT PRIMARY KEY NOT NULL,
            email TEXT,
            email_key TEXT UNIQUE,
            password_hash TEXT,
            display_name TEXT,
            phone_number TEXT,
            is_anonymous INTEGER NOT NULL DEFAULT 0,
            email_verified INTEGER NOT NULL DEFAULT 0,
            disabled INTEGER NOT NULL DEFAULT 0,
            providers TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            last_sign_in_at REAL
        );
        CREATE TABLE session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            sign_in_provider TEXT NOT NULL,
            auth_time REAL NOT NULL
        );
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            recipient TEXT NOT NULL,
            link TEXT,
            code TEXT NOT NULL,
            sent_at REAL NOT NULL
        );
        CREATE TABLE oob_codes (
            code TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            email_key TEXT NOT NULL,
            expires_at REAL NOT NULL,
            used INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX oob_codes_by_email ON oob_codes(email_key);
        CREATE TABLE failed_sign_ins (
            id INTEGER PRIMARY KEY,
            email_key TEXT NOT NULL,
            attempted_at REAL NOT NULL
        );
        CREATE INDEX failed_sign_ins_by_email ON failed_sign_ins(email_key, attempted_at);
        """,
        // 1 → 2: identity-provider links, phone verifications, one account per phone number, SMS rate lookups.
        """
        CREATE TABLE federated_identities (
            provider_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            linked_at REAL NOT NULL,
            PRIMARY KEY (provider_id, subject),
            UNIQUE (uid, provider_id)
        );
        CREATE TABLE phone_verifications (
            session_info TEXT PRIMARY KEY NOT NULL,
            phone_number TEXT NOT NULL,
            code TEXT NOT NULL,
            expires_at REAL NOT NULL,
            failed_attempts INTEGER NOT NULL DEFAULT 0,
            used INTEGER NOT NULL DEFAULT 0
        );
        CREATE UNIQUE INDEX accounts_by_phone ON accounts(phone_number);
        CREATE INDEX outbox_by_recipient ON outbox(kind, recipient, sent_at);
        """,
        // 2 → 3: what the engine serves over the REST API: token revocation times, identity profiles,
        // refresh tokens (stored as SHA-256 digests) and the ID-token signing secret.
        """
        ALTER TABLE accounts ADD COLUMN password_updated_at REAL;
        ALTER TABLE accounts ADD COLUMN valid_since REAL;
        ALTER TABLE federated_identities ADD COLUMN email TEXT;
        ALTER TABLE federated_identities ADD COLUMN display_name TEXT;
        CREATE TABLE refresh_tokens (
            digest TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL,
            sign_in_provider TEXT NOT NULL,
            auth_time REAL NOT NULL,
            issued_at REAL NOT NULL,
            revoked INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX refresh_tokens_by_uid ON refresh_tokens(uid);
        CREATE TABLE secrets (
            name TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """,
        // 3 → 4: second factors (phone and TOTP), enrolment and sign-in sessions, pending first-factor sign-ins,
        // and the second factor a refresh token's sign-in used.
        """
        CREATE TABLE mfa_enrollments (
            enrollment_id TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            display_name TEXT,
            phone_number TEXT,
            totp_secret TEXT,
            enrolled_at REAL NOT NULL
        );
        CREATE INDEX mfa_enrollments_by_uid ON mfa_enrollments(uid);
        CREATE TABLE mfa_pending_sign_ins (
            credential TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            sign_in_provider TEXT NOT NULL,
            auth_time REAL NOT NULL,
            expires_at REAL NOT NULL
        );
        CREATE TABLE mfa_sessions (
            session_info TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            phone_number TEXT,
            totp_secret TEXT,
            pending_credential TEXT,
            enrollment_id TEXT,
            expires_at REAL NOT NULL
        );
        ALTER TABLE refresh_tokens ADD COLUMN second_factor TEXT;
        ALTER TABLE refresh_tokens ADD COLUMN second_factor_id TEXT;
        """,
        // 4 → 5: what an administrator sets through the emulator's Admin API: a photo URL, custom claims
        // (a JSON object), imported password hashes of other algorithms (kept in password_hash), and the claims
        // of a custom token, which its refresh tokens keep.
        """
        ALTER TABLE accounts ADD COLUMN photo_url TEXT;
        ALTER TABLE accounts ADD COLUMN custom_attributes TEXT;
        ALTER TABLE refresh_tokens ADD COLUMN developer_claims TEXT;
        """,
        // 5 → 6: limits on second-factor codes. Wrong codes count per pending sign-in and per account; a TOTP
        // factor remembers the last time step it accepted, so no code is accepted twice.
        """
        ALTER TABLE mfa_pending_sign_ins ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE mfa_enrollments ADD COLUMN last_used_step INTEGER;
        CREATE TABLE failed_second_factors (
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            attempted_at REAL NOT NULL
        );
        CREATE INDEX failed_second_factors_by_uid ON failed_second_factors(uid, attempted_at);
        """,
        // 6 → 7: the second factor (`sms` or `totp`) the session's sign-in proved, if any, and the claims of
        // a custom token whose sign-in waits for its second factor.
        """
        ALTER TABLE session ADD COLUMN second_factor TEXT;
        ALTER TABLE mfa_pending_sign_ins ADD COLUMN developer_claims TEXT;
        """,
        // 7 → 8: what an identity provider tells about the person: a picture and a handle (Twitter's screen
        // name), for the account and for each linked identity.
        """
        ALTER TABLE accounts ADD COLUMN screen_name TEXT;
        ALTER TABLE federated_identities ADD COLUMN photo_url TEXT;
        ALTER TABLE federated_identities ADD COLUMN screen_name TEXT;
        """,
        // 8 → 9: what the emulator's account changes keep (issue 28). Enrolment ids are unique per account only
        // (an administrator sets them); an account remembers the first email it changed away from (a
        // RECOVER_EMAIL code restores it), and a VERIFY_AND_CHANGE_EMAIL code the address it changes to.
        """
        ALTER TABLE mfa_enrollments RENAME TO mfa_enrollments_8;
        \(mfaEnrollments9)
        INSERT INTO mfa_enrollments SELECT enrollment_id, uid, kind, display_name, phone_number, totp_secret,
            enrolled_at, last_used_step FROM mfa_enrollments_8;
        DROP TABLE mfa_enrollments_8;
        ALTER TABLE accounts ADD COLUMN initial_email TEXT;
        ALTER TABLE oob_codes ADD COLUMN new_email TEXT;
        """,
        // 9 → 10: the session's ID token, as the emulator on the store would mint it, and the enrolment id of the
        // second factor its sign-in proved (the token's `second_factor_identifier`).
        """
        ALTER TABLE session ADD COLUMN second_factor_id TEXT;
        ALTER TABLE session ADD COLUMN id_token TEXT;
        """,
    ]

    /// `mfa_enrollments` as schema 9 makes it (enrolment ids unique per account), for its migration and `current`.
    private static let mfaEnrollments9 = """
        CREATE TABLE mfa_enrollments (
            enrollment_id TEXT NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            display_name TEXT,
            phone_number TEXT,
            totp_secret TEXT,
            enrolled_at REAL NOT NULL,
            last_used_step INTEGER,
            PRIMARY KEY (uid, enrollment_id)
        );
        """

    /// Every table and index of the current version, columns in the order the migrations leave them.
    static let current = """
        CREATE TABLE accounts (
            uid TEXT PRIMARY KEY NOT NULL,
            email TEXT,
            email_key TEXT UNIQUE,
            password_hash TEXT,
            display_name TEXT,
            phone_number TEXT,
            is_anonymous INTEGER NOT NULL DEFAULT 0,
            email_verified INTEGER NOT NULL DEFAULT 0,
            disabled INTEGER NOT NULL DEFAULT 0,
            providers TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL,
            last_sign_in_at REAL,
            password_updated_at REAL,
            valid_since REAL,
            photo_url TEXT,
            custom_attributes TEXT,
            screen_name TEXT,
            initial_email TEXT
        );
        CREATE UNIQUE INDEX accounts_by_phone ON accounts(phone_number);
        CREATE TABLE session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            sign_in_provider TEXT NOT NULL,
            auth_time REAL NOT NULL,
            second_factor TEXT,
            second_factor_id TEXT,
            id_token TEXT
        );
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            recipient TEXT NOT NULL,
            link TEXT,
            code TEXT NOT NULL,
            sent_at REAL NOT NULL
        );
        CREATE INDEX outbox_by_recipient ON outbox(kind, recipient, sent_at);
        CREATE TABLE oob_codes (
            code TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            email_key TEXT NOT NULL,
            expires_at REAL NOT NULL,
            used INTEGER NOT NULL DEFAULT 0,
            new_email TEXT
        );
        CREATE INDEX oob_codes_by_email ON oob_codes(email_key);
        CREATE TABLE failed_sign_ins (
            id INTEGER PRIMARY KEY,
            email_key TEXT NOT NULL,
            attempted_at REAL NOT NULL
        );
        CREATE INDEX failed_sign_ins_by_email ON failed_sign_ins(email_key, attempted_at);
        CREATE TABLE federated_identities (
            provider_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            linked_at REAL NOT NULL,
            email TEXT,
            display_name TEXT,
            photo_url TEXT,
            screen_name TEXT,
            PRIMARY KEY (provider_id, subject),
            UNIQUE (uid, provider_id)
        );
        CREATE TABLE phone_verifications (
            session_info TEXT PRIMARY KEY NOT NULL,
            phone_number TEXT NOT NULL,
            code TEXT NOT NULL,
            expires_at REAL NOT NULL,
            failed_attempts INTEGER NOT NULL DEFAULT 0,
            used INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE refresh_tokens (
            digest TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL,
            sign_in_provider TEXT NOT NULL,
            auth_time REAL NOT NULL,
            issued_at REAL NOT NULL,
            revoked INTEGER NOT NULL DEFAULT 0,
            second_factor TEXT,
            second_factor_id TEXT,
            developer_claims TEXT
        );
        CREATE INDEX refresh_tokens_by_uid ON refresh_tokens(uid);
        CREATE TABLE secrets (
            name TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        \(mfaEnrollments9)
        CREATE TABLE mfa_pending_sign_ins (
            credential TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            sign_in_provider TEXT NOT NULL,
            auth_time REAL NOT NULL,
            expires_at REAL NOT NULL,
            failed_attempts INTEGER NOT NULL DEFAULT 0,
            developer_claims TEXT
        );
        CREATE TABLE mfa_sessions (
            session_info TEXT PRIMARY KEY NOT NULL,
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            phone_number TEXT,
            totp_secret TEXT,
            pending_credential TEXT,
            enrollment_id TEXT,
            expires_at REAL NOT NULL
        );
        CREATE TABLE failed_second_factors (
            uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
            attempted_at REAL NOT NULL
        );
        CREATE INDEX failed_second_factors_by_uid ON failed_second_factors(uid, attempted_at);
        """

    /// The version a fully migrated store has.
    static var currentVersion: Int64 { Int64(migrations.count) }

    /// Brings `database` to `currentVersion` inside one write transaction, so concurrent openers migrate once.
    /// A store already at the current version is only read.
    static func migrate(_ database: SQLiteDatabase) throws(AuthError) {
        guard try !isCurrent(database) else { return }
        try database.writeTransaction { () throws(AuthError) in
            let version = try version(of: database)
            guard version <= currentVersion else {
                throw AuthError(.storageFailure,
                                detail: "store schema version \(version) is newer than supported \(currentVersion)")
            }
            // A negative version (a damaged file) names no migration to start from.
            guard version >= 0 else {
                throw AuthError(.storageFailure, detail: "store schema version \(version) is not a version",
                                storeProblem: .damaged)
            }
            if version == 0 {
                try database.execute(current)
            } else {
                for step in Int(version)..<migrations.count { try database.execute(migrations[step]) }
            }
            if version < currentVersion {
                try database.execute("PRAGMA user_version = \(currentVersion)")
            }
        }
    }

    /// Whether `database` is at the current version (nothing to migrate).
    static func isCurrent(_ database: SQLiteDatabase) throws(AuthError) -> Bool {
        try version(of: database) == currentVersion
    }

    private static func version(of database: SQLiteDatabase) throws(AuthError) -> Int64 {
        try database.first("PRAGMA user_version") { $0.integer(0) } ?? 0
    }
}
