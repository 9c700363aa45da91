/// A screen pushed over the root (FirebaseUI's `AuthView`), holding its feature's state: popping it drops it.
public enum Route: Hashable, Sendable {
    case passwordRecovery(PasswordRecovery.State)
    case emailLink(EmailLink.State)
    case enterPhoneNumber(EnterPhoneNumber.State)
    case enterVerificationCode(VerificationCode.State)
    case mfaResolution(MFAResolution.State)
    case updatePassword(UpdatePassword.State)
    case updateProfile(UpdateProfile.State)
    case browserSignIn(BrowserSignIn.State)
    case deviceSignIn(DeviceSignIn.State)
    case mfaManagement(MFAManagement.State)
    case mfaEnrollment(MFAEnrollment.State)
}

/// The screen under the routes: the picker while signed out, the signed-in screen after.
public enum RootScreen: Hashable, Sendable {
    case picker(AuthPicker.State)
    case signedIn(SignedIn.State)
}

/// A layer over the screen. The top one alone receives keys and Esc; the renderer draws them bottom to top.
public enum Presentation: Hashable, Sendable {
    /// A call is in flight.
    case busy(Operation)
    case alert(AlertPresentation)
    case identityProviderSheet(IdentityProviderSheet.State)
    case legacyRecoverySheet(LegacyRecoverySheet.State)
    case countryPicker(CountryPicker.State)
    case inbox(Inbox.State)
    case passwordReauthSheet(PasswordReauthSheet.State)
    case emailLinkReauthSheet(EmailLinkReauthSheet.State)
    /// FirebaseUI's `PhoneReauthView`: the code screen's feature, as a sheet.
    case phoneReauthSheet(VerificationCode.State)
}

extension Route {
    /// The route's form.
    public var form: any FormFeature {
        switch self {
        case .passwordRecovery(let feature): feature
        case .emailLink(let feature): feature
        case .enterPhoneNumber(let feature): feature
        case .enterVerificationCode(let feature): feature
        case .mfaResolution(let feature): feature
        case .updatePassword(let feature): feature
        case .updateProfile(let feature): feature
        case .browserSignIn(let feature): feature
        case .deviceSignIn(let feature): feature
        case .mfaManagement(let feature): feature
        case .mfaEnrollment(let feature): feature
        }
    }
}

extension Presentation {
    /// The layer's form, or nil for layers that are not forms (busy indicator, alert, inbox).
    public var form: (any FormFeature)? {
        switch self {
        case .identityProviderSheet(let sheet): sheet
        case .legacyRecoverySheet(let sheet): sheet
        case .countryPicker(let picker): picker
        case .passwordReauthSheet(let sheet): sheet
        case .emailLinkReauthSheet(let sheet): sheet
        case .phoneReauthSheet(let sheet): sheet
        case .busy, .alert, .inbox: nil
        }
    }
}

extension NavigatorState {
    /// The screen's form: the top route's, or the root's.
    public var screenForm: any FormFeature {
        if let route = path.last { return route.form }
        switch root {
        case .picker(let picker): return picker
        case .signedIn(let signedIn): return signedIn
        }
    }

    /// The form that takes the keys, or nil when the top layer is not a form.
    public var activeForm: (any FormFeature)? {
        guard let top = topLayer else { return screenForm }
        return top.form
    }
}
