import AuthCore
import Localization
import TerminalUI

/// The words and brand colours of sign-in methods.
public struct ProviderLabels {
    let strings: Strings

    public init(strings: Strings) {
        self.strings = strings
    }

    /// The label of a sign-in method's button on the picker.
    func buttonTitle(_ provider: AuthProvider) -> String {
        switch provider {
        case .email: strings[.signInWithEmail]
        case .emailLink: strings[.signInWithEmailLink]
        case .phone: strings[.signInWithPhone]
        case .anonymous: strings[.continueAsGuest]
        case .identityProvider(let button): buttonTitle(button)
        }
    }

    /// A provider button's label: the configured one, FirebaseUI's for built-in providers, else "Sign in with …".
    func buttonTitle(_ button: IdentityProviderButton) -> String {
        if let label = button.label { return label }
        switch button.providerID {
        case "google.com": return strings[.signInWithGoogle]
        case "apple.com": return strings[.signInWithApple]
        case "facebook.com": return strings[.signInWithFacebook]
        case "twitter.com": return strings[.signInWithX]
        case "github.com": return strings[.signInWithGitHub]
        case "microsoft.com": return strings[.signInWithMicrosoft]
        case "yahoo.com": return strings[.signInWithYahoo]
        default: return strings.format(.signInWithProvider, .string(button.displayName))
        }
    }

    /// The theme role with the method's brand colours.
    func brand(_ provider: AuthProvider) -> StyleRole {
        switch provider {
        case .email, .emailLink: .providerEmail
        case .phone: .providerPhone
        case .anonymous: .providerAnonymous
        case .identityProvider(let button):
            switch button.providerID {
            case "google.com": .providerGoogle
            case "apple.com": .providerApple
            case "facebook.com": .providerFacebook
            case "twitter.com": .providerTwitter
            case "github.com": .providerGitHub
            case "microsoft.com": .providerMicrosoft
            case "yahoo.com": .providerYahoo
            default: .providerCustom
            }
        }
    }

    /// The colours a custom provider's configuration gives its button, if any.
    func configuredColors(_ provider: AuthProvider) -> CellColors? {
        guard case .identityProvider(let button) = provider,
              button.backgroundColor != nil || button.foregroundColor != nil else { return nil }
        return CellColors(foreground: button.foregroundColor.flatMap(ThemeColor.init(parsing:)) ?? .default,
                          background: button.backgroundColor.flatMap(ThemeColor.init(parsing:)) ?? .default)
    }

    /// What to call a sign-in method in a list or a sentence ("You can now also sign in with Google"); email links
    /// and passwords have a name each (FirebaseUI's "Email link" and "Password").
    public func methodName(providerID: ProviderID, providers: [AuthProvider]) -> String {
        switch providerID {
        case .password: return strings[.password]
        case .emailLink: return strings[.emailLinkMethod]
        case .phone: return strings[.phone]
        default:
            for case .identityProvider(let button) in providers where button.providerID == providerID.rawValue {
                return button.displayName
            }
            return IdentityProviderButton.builtIn.first { $0.providerID == providerID.rawValue }?.displayName
                ?? providerID.rawValue
        }
    }
}
