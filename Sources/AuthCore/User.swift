import FoundationEssentials

/// The signed-in account, as far as the UI needs to know it.
public struct User: Sendable, Hashable, Codable {
    public var uid: String
    public var email: String?
    public var displayName: String?
    public var photoURL: String?
    public var phoneNumber: String?
    public var isAnonymous: Bool
    public var isEmailVerified: Bool
    /// Provider ids linked to the account (`password`, `phone`, `google.com`, …).
    public var providerIDs: [String]

    public init(uid: String, email: String? = nil, displayName: String? = nil, photoURL: String? = nil,
                phoneNumber: String? = nil, isAnonymous: Bool = false, isEmailVerified: Bool = false,
                providerIDs: [String] = []) {
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
        self.isAnonymous = isAnonymous
        self.isEmailVerified = isEmailVerified
        self.providerIDs = providerIDs
    }
}

/// FirebaseUI's `AuthenticationState`.
public enum AuthenticationState: Sendable, Hashable {
    case unauthenticated, authenticating, authenticated
}

/// FirebaseUI's `AuthenticationFlow`: whether the email form signs in or signs up.
public enum AuthenticationFlow: Sendable, Hashable {
    case signIn, signUp
}

/// FirebaseUI's `SecondFactorType`.
public enum SecondFactorType: String, Sendable, Hashable, Codable, CaseIterable {
    case sms, totp
}

/// One enrolled second factor.
public struct MultiFactorInfo: Sendable, Hashable, Codable {
    public var uid: String
    public var factor: SecondFactorType
    public var displayName: String?
    public var phoneNumber: String?
    public var enrollmentDate: Date

    public init(uid: String, factor: SecondFactorType, displayName: String?, phoneNumber: String?, enrollmentDate: Date) {
        self.uid = uid
        self.factor = factor
        self.displayName = displayName
        self.phoneNumber = phoneNumber
        self.enrollmentDate = enrollmentDate
    }
}

/// A hint shown when a second factor is required (FirebaseUI's `MFAHint`).
public enum MFAHint: Sendable, Hashable {
    case phone(displayName: String?, uid: String, phoneNumber: String?)
    case totp(displayName: String?, uid: String)
}

/// A sign-in that needs its second factor (FirebaseUI's `MFARequired`).
public struct MFARequired: Sendable, Hashable {
    /// Opaque token the client needs to finish the sign-in.
    public var pendingCredential: String
    public var hints: [MFAHint]

    public init(pendingCredential: String, hints: [MFAHint]) {
        self.pendingCredential = pendingCredential
        self.hints = hints
    }
}

extension MFARequired {
    /// The TOTP factor a sign-in assertion names: the hint whose uid is `name`, else the first TOTP hint (TOTP
    /// has no challenge, so `MultiFactorAssertion.totp`'s `sessionInfo` carries the hint's uid).
    public func totpHintUID(named name: String) -> String? {
        let uids = hints.compactMap { hint -> String? in
            if case .totp(_, let uid) = hint { uid } else { nil }
        }
        return uids.first { $0 == name } ?? uids.first
    }
}

/// FirebaseUI's `SignInOutcome`.
public enum SignInOutcome: Sendable, Hashable {
    case signedIn(User)
    case mfaRequired(MFARequired)
}
