import AuthCore
import FoundationEssentials

/// An account as the engine reports it: everything but the password hash (an imported one aside).
public struct LocalAccount: Sendable, Hashable {
    /// The account id (Firebase's `localId`).
    public var uid: String
    /// The email as first given (lookups ignore letter case).
    public var email: String?
    /// The display name, if any.
    public var displayName: String?
    /// The E.164 number, when a phone is linked.
    public var phoneNumber: String?
    /// Whether the account has no credential yet.
    public var isAnonymous: Bool
    /// Whether the email was proven (link, reset, verification or a trusted provider).
    public var isEmailVerified: Bool
    /// Whether an administrator disabled the account.
    public var isDisabled: Bool
    /// Whether a password is set.
    public var hasPassword: Bool
    /// Linked sign-in methods in link order (`password`, `emailLink`, `phone`, `google.com`, …).
    public var providerIDs: [String]
    /// Identity-provider identities, in link order.
    public var identities: [LinkedIdentity]
    /// When the account was created.
    public var createdAt: Date
    /// When it last signed in interactively.
    public var lastSignInAt: Date?
    /// When its password was last set.
    public var passwordUpdatedAt: Date?
    /// Tokens issued before this moment are revoked: the creation time, or the last password change.
    public var validSince: Date?
    /// The profile photo's URL, if any.
    public var photoURL: String?
    /// Custom claims an administrator set, as a JSON object's text; they reach the account's ID tokens.
    public var customAttributes: String?
    /// The handle an identity provider gave (Twitter's screen name).
    public var screenName: String?
    /// The email it had before its first change of email, if it changed (Firebase's `initialEmail`).
    public var initialEmail: String?
    /// The password hash, when it was imported from another system (`accounts:batchCreate`).
    public var importedPasswordHash: ImportedPasswordHash?

    /// The account as the UI sees it.
    public var user: User {
        User(uid: uid, email: email, displayName: displayName, photoURL: photoURL, phoneNumber: phoneNumber,
             isAnonymous: isAnonymous, isEmailVerified: isEmailVerified, providerIDs: providerIDs)
    }

    /// The report of a stored account and its identities.
    init(_ record: AccountRecord, identities: [LinkedIdentity]) {
        uid = record.uid
        email = record.email
        displayName = record.displayName
        phoneNumber = record.phoneNumber
        isAnonymous = record.isAnonymous
        isEmailVerified = record.isEmailVerified
        isDisabled = record.isDisabled
        hasPassword = record.passwordHash != nil
        providerIDs = record.providerIDs
        self.identities = identities
        createdAt = record.createdAt
        lastSignInAt = record.lastSignInAt
        passwordUpdatedAt = record.passwordUpdatedAt
        validSince = record.validSince
        photoURL = record.photoURL
        customAttributes = record.customAttributes
        screenName = record.screenName
        initialEmail = record.initialEmail
        importedPasswordHash = record.passwordHash.flatMap(ImportedPasswordHash.init(encoded:))
    }
}

/// An identity-provider identity linked to an account.
public struct LinkedIdentity: Sendable, Hashable {
    /// The provider id, such as `google.com`.
    public var providerID: String
    /// The provider's id for the person (Firebase's `rawId`).
    public var subject: String
    /// The email the provider gave when it was linked.
    public var email: String?
    /// The name the provider gave when it was linked.
    public var displayName: String?
    /// The picture the provider gave.
    public var photoURL: String?
    /// The handle the provider gave (Twitter's screen name).
    public var screenName: String?

    /// An identity with its profile details.
    public init(providerID: String, subject: String, email: String?, displayName: String?,
                photoURL: String? = nil, screenName: String? = nil) {
        self.providerID = providerID
        self.subject = subject
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.screenName = screenName
    }
}

/// A completed sign-in: the account, how and when it signed in, and whether it was created for it.
public struct LocalSignIn: Sendable, Hashable {
    /// The account signed in to.
    public var account: LocalAccount
    /// The sign-in provider an ID token reports (`password`, `emailLink`, `phone`, `anonymous`, `google.com`, …).
    public var provider: String
    /// The moment of this interactive sign-in (an ID token's `auth_time`).
    public var authTime: Date
    /// Whether the account was created by this sign-in.
    public var isNewUser: Bool
    /// The claims of the custom token this sign-in used (a JSON object's text); its tokens carry them.
    public var developerClaims: String?
    /// A refresh token continuing this sign-in, stored in the same write, when it is not the store's session
    /// (the emulator's sign-ins).
    public var refreshToken: String?

    /// A sign-in of `account` with `provider` at `authTime`.
    public init(account: LocalAccount, provider: String, authTime: Date, isNewUser: Bool) {
        self.account = account
        self.provider = provider
        self.authTime = authTime
        self.isNewUser = isNewUser
    }
}

/// An emailed code that can still be used, as the emulator's inbox lists it.
public struct PendingOobCode: Sendable, Hashable {
    /// What the code does.
    public var kind: OutboxMessage.Kind
    /// The address it was sent to.
    public var email: String
    /// The out-of-band code.
    public var code: String
    /// The action link the email carried.
    public var link: String?
    /// When the email went out; nil where it is not looked up.
    public var sentAt: Date? = nil
    /// The address a `.verifyAndChangeEmail` code changes the email to.
    public var newEmail: String? = nil
}

/// An SMS code that can still be used, as the emulator's inbox lists it.
public struct PendingPhoneCode: Sendable, Hashable {
    /// The E.164 number the code went to.
    public var phoneNumber: String
    /// The 6-digit code.
    public var code: String
    /// The verification id the code belongs to.
    public var sessionInfo: String
    /// When the text message went out.
    public var sentAt: Date? = nil
}

/// What a redeemed refresh token stands for: an account and the sign-in it was issued for.
public struct RefreshTokenGrant: Sendable, Hashable {
    /// The account the token belongs to.
    public var account: LocalAccount
    /// The provider of the original interactive sign-in.
    public var provider: String
    /// When that sign-in happened; refreshing never moves it.
    public var authTime: Date
    /// The second factor that sign-in used (`phone` or `totp`), if any.
    public var secondFactor: String? = nil
    /// The enrolment id of that factor.
    public var secondFactorID: String? = nil
    /// The claims of the custom token that sign-in used, if any.
    public var developerClaims: String? = nil
}
