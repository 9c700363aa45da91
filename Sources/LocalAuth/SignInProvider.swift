/// Provider ids as Firebase spells them in ID tokens and provider lists.
enum SignInProvider {
    static let password = "password"
    static let anonymous = "anonymous"
    /// Firebase's sign-in method id for email links (`EmailAuthProvider.emailLinkSignInMethod`).
    static let emailLink = "emailLink"
    static let phone = "phone"
}
