/// What a blocking function is told about how a user signs in: Firebase's `sign_in_method`, the second factor
/// that completed it, and what an identity provider gave.
struct BlockingFunctionSignIn: Sendable {
    /// `sign_in_method`: `password`, `emailLink`, `phone` or the identity provider's id.
    var method: String
    /// `sign_in_second_factor`: `phone` or `totp` when a second factor completed the sign-in.
    var secondFactor: String? = nil
    /// `raw_user_info`: the identity provider's claims as JSON text.
    var rawUserInfo: String? = nil
    /// The identity provider's ID token, sent as `oauth_id_token` when the config forwards it.
    var providerIDToken: String? = nil

    static let password = BlockingFunctionSignIn(method: "password")
    static let emailLink = BlockingFunctionSignIn(method: "emailLink")
    static let phone = BlockingFunctionSignIn(method: "phone")
}

extension IdentityProviderAssertion {
    /// How a sign-in with this assertion is described to blocking functions.
    var blockingFunctionSignIn: BlockingFunctionSignIn {
        BlockingFunctionSignIn(method: providerID, rawUserInfo: rawUserInfo, providerIDToken: idToken)
    }
}
