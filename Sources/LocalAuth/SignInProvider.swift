/// Provider ids as Firebase spells them in ID tokens and provider lists.
enum SignInProvider {
    static let password = "password"
    static let anonymous = "anonymous"
}
