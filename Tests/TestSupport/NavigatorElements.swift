import AuthFlow

/// Tests name routes and layers by what they show, as the screens did when they were cases of an enum.
extension Route {
    public static func passwordRecovery(_ feature: PasswordRecovery.State) -> Route { Route(feature) }
    public static func emailLink(_ feature: EmailLink.State) -> Route { Route(feature) }
    public static func enterPhoneNumber(_ feature: EnterPhoneNumber.State) -> Route { Route(feature) }
    public static func enterVerificationCode(_ feature: VerificationCode.State) -> Route { Route(feature) }
    public static func mfaResolution(_ feature: MFAResolution.State) -> Route { Route(feature) }
    public static func updatePassword(_ feature: UpdatePassword.State) -> Route { Route(feature) }
    public static func updateProfile(_ feature: UpdateProfile.State) -> Route { Route(feature) }
    public static func browserSignIn(_ feature: BrowserSignIn.State) -> Route { Route(feature) }
    public static func deviceSignIn(_ feature: DeviceSignIn.State) -> Route { Route(feature) }
    public static func mfaManagement(_ feature: MFAManagement.State) -> Route { Route(feature) }
    public static func mfaEnrollment(_ feature: MFAEnrollment.State) -> Route { Route(feature) }
}

extension Presentation {
    public static func busy(_ operation: Operation) -> Presentation { Presentation(operation) }
    public static func alert(_ alert: AlertPresentation) -> Presentation { Presentation(alert) }
    public static func identityProviderSheet(_ sheet: IdentityProviderSheet.State) -> Presentation { Presentation(sheet) }
    public static func legacyRecoverySheet(_ sheet: LegacyRecoverySheet.State) -> Presentation { Presentation(sheet) }
    public static func countryPicker(_ picker: CountryPicker.State) -> Presentation { Presentation(picker) }
    public static func inbox(_ inbox: Inbox.State) -> Presentation { Presentation(inbox) }
    public static func passwordReauthSheet(_ sheet: PasswordReauthSheet.State) -> Presentation { Presentation(sheet) }
    public static func emailLinkReauthSheet(_ sheet: EmailLinkReauthSheet.State) -> Presentation { Presentation(sheet) }
    public static func phoneReauthSheet(_ sheet: VerificationCode.State) -> Presentation { Presentation(sheet) }
}

extension NavigatorState {
    /// The top route's feature, which must be a `Feature`; set to change it in place (it keeps its id).
    public subscript<Feature: FormReducer>(route type: Feature.Type) -> Feature {
        get {
            guard let feature = path.last?.feature as? Feature else { fatalError("no \(type) on top: \(path)") }
            return feature
        }
        set { path[path.count - 1] = Route(newValue) }
    }

    /// The top layer's feature, which must be a `Feature`; set to change it in place (it keeps its id).
    public subscript<Layer: AuthFlow.Feature>(layer type: Layer.Type) -> Layer {
        get {
            guard let feature = presentation.last?.feature as? Layer else { fatalError("no \(type) on top: \(presentation)") }
            return feature
        }
        set { presentation[presentation.count - 1] = Presentation(newValue) }
    }
}

extension NavigatorEffect {
    /// Start `call` as operation `operationID`.
    public static func run(operationID: Int, _ call: some BackendCall) -> NavigatorEffect {
        .run(operationID: operationID, AuthCall(call))
    }
}
