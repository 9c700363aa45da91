import AuthFlow
import Localization

/// Signing in with a provider in a browser: the hand-off screen (`BrowserHandoffScreen`) with the provider's
/// authorization address.
extension BrowserSignIn.Start: BrowserHandoffWording {
    /// The title names what the provider is asked for: a sign-in, a link, or a sign-in again.
    func title(for use: IdentityProviderUse, in strings: Strings) -> String {
        let name = FormatArgument.string(button.displayName)
        switch use {
        case .signIn: return strings.format(.browserSignInTitle, name)
        case .link: return strings.format(.browserLinkTitle, name)
        case .reauthenticate: return strings.format(.browserReauthTitle, name)
        }
    }

    func message(for use: IdentityProviderUse) -> StringKey { .browserSignInMessage }
}
