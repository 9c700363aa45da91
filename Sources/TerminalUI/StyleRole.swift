/// What a cell is, semantically; a `Theme` decides how each role looks.
public enum StyleRole: String, CaseIterable, Sendable, Hashable {
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
}
