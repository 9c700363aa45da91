import Localization
import TerminalUI

/// What screens need besides the Navigator state: words, the spinner frame and the backend's name.
public struct ScreenContext: Sendable {
    public var strings: Strings
    /// Advances while a call is in flight, to animate the busy indicator.
    public var spinnerFrame: Int
    /// A short, discreet description of the active backend, drawn in the top-right corner.
    public var backendLabel: BackendBadge?
    /// Whether the backend is a live Firebase project, whose phone sign-in may ask for a reCAPTCHA first.
    public var phoneNeedsAppVerification: Bool
    /// Who puts right-to-left text into display order; the layout mirrors only when fauth-tui does.
    public var bidi: BidiMode
    /// Whether the backend is a Firebase Auth emulator, which the simulated provider sheet then names.
    public var isEmulator: Bool

    public init(strings: Strings, spinnerFrame: Int = 0, backendLabel: BackendBadge? = nil,
                phoneNeedsAppVerification: Bool = false, isEmulator: Bool = false, bidi: BidiMode = .application) {
        self.isEmulator = isEmulator
        self.strings = strings
        self.bidi = bidi
        self.spinnerFrame = spinnerFrame
        self.backendLabel = backendLabel
        self.phoneNeedsAppVerification = phoneNeedsAppVerification
    }

    /// Right-to-left for languages written that way (Arabic, Hebrew, Persian, Urdu), else left-to-right.
    public var direction: LayoutDirection { strings.isRightToLeft ? .rightToLeft : .leftToRight }
}
