import AuthFlow

/// Which screen draws each feature, by the feature's type: one line per screen. A lookup by type rather than a
/// cast to `RouteScreen` or `LayerScreen`, so a first frame scans no conformance table (DECISIONS.md, "Start-up").
enum ScreenRegistry {
    typealias DrawScreen = @Sendable (any Feature, NavigatorState, ScreenContext, _ showsFocus: Bool)
        -> any ScreenView
    typealias DrawLayer = @Sendable (any Feature, NavigatorState, ScreenContext, _ isTop: Bool, _ bodyHeight: Int)
        -> any LayerView

    /// The screens of the root and the routes.
    static let screens = Dictionary(uniqueKeysWithValues: [
        screen(AuthPicker.State.self), screen(SignedIn.State.self), screen(PasswordRecovery.State.self),
        screen(EmailLink.State.self), screen(EnterPhoneNumber.State.self), screen(VerificationCode.State.self),
        screen(MFAResolution.State.self), screen(UpdatePassword.State.self), screen(UpdateProfile.State.self),
        screen(BrowserSignIn.State.self), screen(DeviceSignIn.State.self), screen(MFAManagement.State.self),
        screen(MFAEnrollment.State.self), screen(RecaptchaVerification.State.self),
    ])

    /// The views of the layers.
    static let layers = Dictionary(uniqueKeysWithValues: [
        layer(Operation.self), layer(AlertPresentation.self), layer(IdentityProviderSheet.State.self),
        layer(LegacyRecoverySheet.State.self), layer(CountryPicker.State.self), layer(Inbox.State.self),
        layer(PasswordReauthSheet.State.self), layer(EmailLinkReauthSheet.State.self),
        layer(VerificationCode.State.self), layer(About.State.self),
    ])

    private static func screen<Screen: RouteScreen & Feature>(_ type: Screen.Type) -> (ObjectIdentifier, DrawScreen) {
        (ObjectIdentifier(type), { feature, state, context, showsFocus in
            // The registry is keyed by this very type.
            (feature as! Screen).screenView(in: state, context: context, showsFocus: showsFocus)
        })
    }

    private static func layer<Layer: LayerScreen & Feature>(_ type: Layer.Type) -> (ObjectIdentifier, DrawLayer) {
        (ObjectIdentifier(type), { feature, state, context, isTop, bodyHeight in
            (feature as! Layer).layerView(in: state, context: context, isTop: isTop, bodyHeight: bodyHeight)
        })
    }
}
