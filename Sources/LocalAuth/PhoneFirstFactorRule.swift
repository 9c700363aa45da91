import AuthCore

/// What a phone number does as the first factor of an account with text-message second factors.
public enum PhoneFirstFactorRule: Sendable, Hashable {
    /// It signs in like every first factor, held back for the second (the local backend).
    case heldBack
    /// Texting, signing in and linking are refused with UNSUPPORTED_FIRST_FACTOR, as Firebase refuses them.
    case refused
}

extension LocalAuthEngine {
    /// UNSUPPORTED_FIRST_FACTOR, in Firebase's words, when `rule` refuses a phone first factor and account `uid`
    /// has a text-message second factor.
    static func requirePhoneFirstFactor(uid: String, _ rule: PhoneFirstFactorRule, in store: LocalStore)
        throws(AuthError) {
        switch rule {
        case .heldBack: return
        case .refused:
            guard try store.enrollments(uid: uid).contains(where: { $0.factor.phoneNumber != nil }) else { return }
            throw AuthError(.unsupportedFirstFactor,
                            detail: "A phone number cannot be set as a first factor on an SMS based MFA user.")
        }
    }
}
