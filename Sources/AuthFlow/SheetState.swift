import AuthCore

/// A sheet shown over the current screen; while it is up, it takes the keys.
public enum SheetState: Hashable, Sendable {
    /// The local backend's stand-in for an identity provider's sign-in page.
    case identityProvider(IdentityProviderForm)
    /// FirebaseUI's "Use a previous sign-in method".
    case legacyRecovery(LegacyRecoveryState)
    /// The country selector of the phone screens.
    case countryPicker(CountryPickerState)
}

/// The simulated identity provider sheet: who the provider will say the person is.
public struct IdentityProviderForm: Hashable, Sendable {
    public var button: IdentityProviderButton
    public var email: TextInput
    public var displayName = TextInput()
    public var isEmailVerified = true

    public init(button: IdentityProviderButton, email: String = "") {
        self.button = button
        self.email = TextInput(email)
    }

    /// The credential the sheet vouches for; the subject is derived from the email so it is stable across runs.
    public var credential: AuthCredential {
        let address = email.text.lowercased()
        let profile = IdentityProviderProfile(subject: "simulated:\(address)", email: address,
                                              displayName: displayName.text.isEmpty ? nil : displayName.text,
                                              isEmailVerified: isEmailVerified)
        return .identityProvider(IdentityProviderCredential(providerID: button.providerID, simulatedProfile: profile))
    }
}

/// A way to sign in that an email was used with before.
public enum LegacySignInOption: Hashable, Sendable {
    case emailPassword
    case emailLink
    case phone
    case identityProvider(IdentityProviderButton)
}

/// The legacy recovery sheet: methods this app offers that the email used before.
public struct LegacyRecoveryState: Hashable, Sendable {
    public var email: String
    public var options: [LegacySignInOption]
    /// Provider ids the email used that this app does not enable.
    public var unavailableProviderIDs: [String]

    public init(email: String, options: [LegacySignInOption], unavailableProviderIDs: [String]) {
        self.email = email
        self.options = options
        self.unavailableProviderIDs = unavailableProviderIDs
    }
}
