/// What a cell is, semantically; a `Theme` decides how each role looks.
///
/// Roles compare and hash by case: as `String` raw values they would go through the standard library's
/// `RawRepresentable` defaults, which compare and hash the names, and every frame compares the roles of its cells.
public enum StyleRole: CaseIterable, Sendable, Hashable {
    case normal
    case logo
    case title
    case label
    case placeholder
    case field
    case fieldFocused
    case button
    case buttonFocused
    case buttonDisabled
    case link
    case linkFocused
    case error
    case hint
    case success
    case muted
    case border
    case alertTitle
    case footer
    case footerKey
    case busy
    case badge
    // Sign-in provider buttons in brand colours (FirebaseUI's ProviderStyle).
    case providerEmail
    case providerPhone
    case providerAnonymous
    case providerGoogle
    case providerApple
    case providerFacebook
    case providerTwitter
    case providerGitHub
    case providerMicrosoft
    case providerYahoo
    case providerCustom

    /// The role's name in theme files, e.g. `fieldFocused`.
    public var name: String {
        switch self {
        case .normal: "normal"
        case .logo: "logo"
        case .title: "title"
        case .label: "label"
        case .placeholder: "placeholder"
        case .field: "field"
        case .fieldFocused: "fieldFocused"
        case .button: "button"
        case .buttonFocused: "buttonFocused"
        case .buttonDisabled: "buttonDisabled"
        case .link: "link"
        case .linkFocused: "linkFocused"
        case .error: "error"
        case .hint: "hint"
        case .success: "success"
        case .muted: "muted"
        case .border: "border"
        case .alertTitle: "alertTitle"
        case .footer: "footer"
        case .footerKey: "footerKey"
        case .busy: "busy"
        case .badge: "badge"
        case .providerEmail: "providerEmail"
        case .providerPhone: "providerPhone"
        case .providerAnonymous: "providerAnonymous"
        case .providerGoogle: "providerGoogle"
        case .providerApple: "providerApple"
        case .providerFacebook: "providerFacebook"
        case .providerTwitter: "providerTwitter"
        case .providerGitHub: "providerGitHub"
        case .providerMicrosoft: "providerMicrosoft"
        case .providerYahoo: "providerYahoo"
        case .providerCustom: "providerCustom"
        }
    }

    /// The role a theme file names, or nil when there is none by that name.
    public init?(name: String) {
        guard let role = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = role
    }
}
