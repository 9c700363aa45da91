import FoundationEssentials

/// What an administrator sets on an account (the Admin API's create and update); nil leaves a field alone and,
/// for text fields, an empty string removes it.
public struct AccountChanges: Sendable, Hashable {
    /// The uid a new account gets (a random one when nil); ignored by updates.
    public var uid: String?
    public var email: String?
    public var password: String?
    public var displayName: String?
    public var photoURL: String?
    /// An E.164 number; empty unlinks the phone.
    public var phoneNumber: String?
    public var isEmailVerified: Bool?
    public var isDisabled: Bool?
    /// Custom claims as a JSON object's text (at most 1000 characters); empty removes them.
    public var customAttributes: String?
    /// Revokes refresh tokens and ID tokens issued before this moment.
    public var validSince: Date?
    /// Sign-in methods to unlink: `password`, `phone` or an identity provider's id.
    public var unlinkedProviders: [String] = []
    /// An identity-provider identity to link, as an administrator asserts it.
    public var linkedIdentity: LinkedIdentity?
    /// The account's second factors, replacing those it has (empty removes them all).
    public var secondFactors: [EnrolledFactor]?

    /// No changes.
    public init() {}
}
