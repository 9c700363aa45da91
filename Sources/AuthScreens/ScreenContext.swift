import Localization

/// What screens need besides the Navigator state: words, the spinner frame and the backend's name.
public struct ScreenContext: Sendable {
    public var strings: Strings
    /// Advances while a call is in flight, to animate the busy indicator.
    public var spinnerFrame: Int
    /// A short, discreet description of the active backend, drawn in the top-right corner.
    public var backendLabel: BackendBadge?
    /// Whether the backend is a live Firebase project, whose phone sign-in needs reCAPTCHA a terminal cannot show.
    public var phoneNeedsAppVerification: Bool

    public init(strings: Strings, spinnerFrame: Int = 0, backendLabel: BackendBadge? = nil,
                phoneNeedsAppVerification: Bool = false) {
        self.strings = strings
        self.spinnerFrame = spinnerFrame
        self.backendLabel = backendLabel
        self.phoneNeedsAppVerification = phoneNeedsAppVerification
    }
}
