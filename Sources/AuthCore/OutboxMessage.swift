import FoundationEssentials

/// An email or SMS that a backend "sent"; the Inbox view and `fauth-tui inbox` show them.
public struct OutboxMessage: Sendable, Hashable, Codable {
    /// What the message is for: `verifyAndChangeEmail` changes an account's email to a new, verified one;
    /// `recoverEmail` goes to the address an email change left and restores it.
    public enum Kind: String, Sendable, Hashable, Codable {
        case passwordReset, emailSignIn, verifyEmail, verifyAndChangeEmail, recoverEmail, sms
    }

    public var id: Int64
    public var kind: Kind
    public var recipient: String
    /// The action link, when the message carries one.
    public var link: String?
    /// The one-time code the link or SMS carries.
    public var code: String
    public var sentAt: Date
    /// Whether the message still counts: a later one of its kind to the same recipient supersedes it, and using its
    /// code spends it. Backends that cannot tell report `current`.
    public var standing: Standing

    /// Whether a message's link or code is still the one to use.
    public enum Standing: String, Sendable, Hashable, Codable {
        case current, superseded, used
    }

    public init(id: Int64, kind: Kind, recipient: String, link: String?, code: String, sentAt: Date,
                standing: Standing = .current) {
        self.id = id
        self.kind = kind
        self.recipient = recipient
        self.link = link
        self.code = code
        self.sentAt = sentAt
        self.standing = standing
    }
}

/// A backend whose sent messages can be read back (the local store, or an emulator).
public protocol MessageInbox: Sendable {
    /// Every message sent so far, newest last.
    func messages() async throws(AuthError) -> [OutboxMessage]
}
