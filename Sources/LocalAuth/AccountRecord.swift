import AuthCore
import FoundationEssentials

/// One row of the accounts table.
struct AccountRecord: Sendable, Hashable {
    var uid: String
    var email: String?
    /// The stored `scrypt$…` record, nil for accounts without a password.
    var passwordHash: String?
    var displayName: String?
    var phoneNumber: String?
    var isAnonymous: Bool
    var isEmailVerified: Bool
    var isDisabled: Bool
    var providerIDs: [String]
    var createdAt: Date
    var lastSignInAt: Date?
    /// When the password was last set.
    var passwordUpdatedAt: Date?
    /// Tokens issued before this moment are revoked (a password change or reset moves it).
    var validSince: Date?
    var photoURL: String?
    /// Custom claims set by an administrator: a JSON object's text.
    var customAttributes: String?
    /// The handle an identity provider gave (Twitter's screen name).
    var screenName: String?
    /// The email the account had before its first change of email (a RECOVER_EMAIL code restores it).
    var initialEmail: String?

    /// The account as the UI sees it.
    var user: User {
        User(uid: uid, email: email, displayName: displayName, photoURL: photoURL, phoneNumber: phoneNumber,
             isAnonymous: isAnonymous, isEmailVerified: isEmailVerified, providerIDs: providerIDs)
    }

    /// The columns `init(row:)` reads, in order.
    static let columns = """
        uid, email, password_hash, display_name, phone_number, is_anonymous, email_verified, disabled, providers, \
        created_at, last_sign_in_at, password_updated_at, valid_since, photo_url, custom_attributes, screen_name, \
        initial_email
        """

    /// How many columns `columns` lists: a query may select more after them.
    static let columnCount: Int32 = 17

    /// Reads a row selected with `columns`.
    init(row: SQLiteRow) {
        uid = row.text(0) ?? ""
        email = row.text(1)
        passwordHash = row.text(2)
        displayName = row.text(3)
        phoneNumber = row.text(4)
        isAnonymous = row.bool(5)
        isEmailVerified = row.bool(6)
        isDisabled = row.bool(7)
        providerIDs = (row.text(8) ?? "").split(separator: ",").map(String.init)
        createdAt = row.date(9) ?? Date(timeIntervalSince1970: 0)
        lastSignInAt = row.date(10)
        passwordUpdatedAt = row.date(11)
        validSince = row.date(12)
        photoURL = row.text(13)
        customAttributes = row.text(14)
        screenName = row.text(15)
        initialEmail = row.text(16)
    }

    /// A new account that has not signed in yet.
    init(uid: String, email: String?, passwordHash: String?, isAnonymous: Bool, providerIDs: [String],
         createdAt: Date) {
        self.uid = uid
        self.email = email
        self.passwordHash = passwordHash
        self.isAnonymous = isAnonymous
        self.isEmailVerified = false
        self.isDisabled = false
        self.providerIDs = providerIDs
        self.createdAt = createdAt
        self.passwordUpdatedAt = passwordHash == nil ? nil : createdAt
        self.validSince = createdAt
    }
}
