import AuthCore

/// The form both browser hand-offs share (a provider's sign-in, a reCAPTCHA): "Open browser" where this machine
/// can open one, the address a browser elsewhere ended on, Continue (once something is pasted) and Cancel.
public protocol BrowserHandoffFeature: FormFeature where Control == BrowserSignIn.Control {
    /// Whether a browser can be opened on this machine (a display and a browser command).
    var canOpenBrowser: Bool { get }
    /// The address pasted from a browser on another machine.
    var address: TextInput { get set }
}

extension BrowserHandoffFeature {
    public var controls: [Control] {
        (canOpenBrowser ? [.openBrowserButton] : []) + [.addressField, .continueButton, .cancelButton]
    }

    public func kind(of control: Control) -> ControlKind {
        switch control {
        case .addressField: .textField(isSecure: false)
        case .continueButton: .button(isEnabled: !address.text.allSatisfy(\.isWhitespace))
        case .openBrowserButton, .cancelButton: .button(isEnabled: true)
        }
    }

    public func text(of control: Control) -> WritableKeyPath<Self, TextInput>? {
        control == .addressField ? \.address : nil
    }
}
