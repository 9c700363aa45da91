import FoundationEssentials

/// FirebaseUI's `AuthConfiguration`: the same fields and defaults, read by every screen.
public struct AuthConfiguration: Sendable, Hashable {
    /// Text logo drawn above the picker title; nil draws the built-in one.
    public var logo: String?
    /// Language to show; nil negotiates from the environment.
    public var languageCode: String?
    public var shouldHideCancelButton: Bool
    /// Whether Esc may dismiss sheets and screens (FirebaseUI inverts this flag; see DECISIONS.md).
    public var interactiveDismissEnabled: Bool
    public var shouldAutoUpgradeAnonymousUsers: Bool
    public var legacyFetchSignInWithEmail: Bool
    /// A `.strings` file, `.xcstrings` file or folder of `.lproj` folders overriding built-in strings.
    public var customStringsBundle: String?
    public var tosUrl: URL?
    public var privacyPolicyUrl: URL?
    public var emailLinkSignInActionCodeSettings: ActionCodeSettings?
    public var verifyEmailActionCodeSettings: ActionCodeSettings?
    public var mfaEnabled: Bool
    public var allowedSecondFactors: Set<SecondFactorType>
    public var mfaIssuer: String
    /// ISO code of the phone screens' first country (not in FirebaseUI, whose selector always starts at US);
    /// nil takes the locale's region.
    public var defaultCountryCode: String?
    /// A shell command run once per sign-in before the signed-in screen shows, with the user's id, email and
    /// ID token in its environment (ours: swift-authentication's `authenticatedPendingProvisioning`).
    public var provisioning: String?

    public init(logo: String? = nil, languageCode: String? = nil, shouldHideCancelButton: Bool = false,
                interactiveDismissEnabled: Bool = true, shouldAutoUpgradeAnonymousUsers: Bool = false,
                legacyFetchSignInWithEmail: Bool = false, customStringsBundle: String? = nil,
                tosUrl: URL? = nil, privacyPolicyUrl: URL? = nil,
                emailLinkSignInActionCodeSettings: ActionCodeSettings? = nil,
                verifyEmailActionCodeSettings: ActionCodeSettings? = nil, mfaEnabled: Bool = false,
                allowedSecondFactors: Set<SecondFactorType> = [.sms, .totp], mfaIssuer: String = "Firebase Auth",
                defaultCountryCode: String? = nil, provisioning: String? = nil) {
        self.logo = logo
        self.languageCode = languageCode
        self.shouldHideCancelButton = shouldHideCancelButton
        self.interactiveDismissEnabled = interactiveDismissEnabled
        self.shouldAutoUpgradeAnonymousUsers = shouldAutoUpgradeAnonymousUsers
        self.legacyFetchSignInWithEmail = legacyFetchSignInWithEmail
        self.customStringsBundle = customStringsBundle
        self.tosUrl = tosUrl
        self.privacyPolicyUrl = privacyPolicyUrl
        self.emailLinkSignInActionCodeSettings = emailLinkSignInActionCodeSettings
        self.verifyEmailActionCodeSettings = verifyEmailActionCodeSettings
        self.mfaEnabled = mfaEnabled
        self.allowedSecondFactors = allowedSecondFactors
        self.mfaIssuer = mfaIssuer
        self.defaultCountryCode = defaultCountryCode
        self.provisioning = provisioning
    }

    /// True when the Terms of Service line can be drawn (FirebaseUI needs both URLs).
    public var showsTermsAndPrivacy: Bool { tosUrl != nil && privacyPolicyUrl != nil }
}

/// A sign-in method offered by the picker, in registration order.
public enum AuthProvider: Sendable, Hashable {
    case email
    case emailLink
    case phone
    case anonymous
    /// An identity provider: Google, Apple, Facebook, X, GitHub, Microsoft, Yahoo or a custom OIDC provider.
    case identityProvider(IdentityProviderButton)
}

/// How an identity provider's button looks (FirebaseUI's `ProviderStyle` and button label).
public struct IdentityProviderButton: Sendable, Hashable {
    /// Firebase provider id, e.g. `google.com` or `oidc.line`.
    public var providerID: String
    /// Name shown in messages, e.g. "Google".
    public var displayName: String
    /// A custom label; nil uses the localized "Sign in with …" of the built-in providers.
    public var label: String?
    /// Theme colours as `#RRGGBB`; nil uses the built-in provider's brand colours.
    public var backgroundColor: String?
    public var foregroundColor: String?
    /// OAuth scopes a browser sign-in asks for besides the provider's defaults (FirebaseUI's `scopes`).
    public var scopes: [String]
    /// Parameters for the provider's authorization page (FirebaseUI's `customParameters`).
    public var customParameters: [String: String]
    /// Signing in by device code instead of a browser when set (ours).
    public var deviceSignIn: DeviceSignInSettings?

    public init(providerID: String, displayName: String, label: String? = nil, backgroundColor: String? = nil,
                foregroundColor: String? = nil, scopes: [String] = [], customParameters: [String: String] = [:],
                deviceSignIn: DeviceSignInSettings? = nil) {
        self.providerID = providerID
        self.displayName = displayName
        self.label = label
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
        self.scopes = scopes
        self.customParameters = customParameters
        self.deviceSignIn = deviceSignIn
    }
}
