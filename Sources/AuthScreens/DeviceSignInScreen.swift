import AuthFlow
import Localization
import TerminalUI

/// Signing in with a provider by device code: the address to open on another device, the code to type there
/// (bold, its characters spaced apart so it reads well from across a desk), how long it still works, and Cancel.
///
/// Where the terminal is wide and tall enough, a QR code of the address with the code filled in stands beside
/// the form, for a phone; otherwise there is none, never a clipped one.
struct DeviceSignInScreen: FormWithQRCodeScreen {
    let signIn: DeviceSignIn.State
    let strings: Strings
    let showsFocus: Bool
    var showsScrollMarks = true
    var firstRow: Int?

    /// The QR code holds the address with the code filled in.
    var qrAddress: String? { signIn.start.verificationURIComplete }

    var column: FormColumn {
        let header: [any Widget] = [
            Label(strings.format(.deviceSignInTitle, .string(signIn.start.button.displayName)), role: .title,
                  alignment: .center),
            Label(strings[.deviceSignInMessage]),
            AddressBlock(signIn.start.verificationURI),
            Label(Self.spaced(signIn.start.userCode), role: .title, alignment: .center),
            Label(strings.format(.deviceSignInExpires, .string(strings.digits(Self.minutesAndSeconds(signIn.secondsLeft)))),
                  role: .muted, alignment: .center),
        ]
        let builder = FormBuilder(form: signIn, strings: strings, isRevealed: false, showsFocus: showsFocus)
        return builder.column(header: header) { control in
            switch control {
            case .cancelButton: .button(strings[.cancel])
            }
        }
    }

    /// `WDJB-MJHT` as `W D J B - M J H T`.
    static func spaced(_ code: String) -> String { code.map(String.init).joined(separator: " ") }

    /// 125 seconds as `2:05`.
    static func minutesAndSeconds(_ seconds: Int) -> String {
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}

extension DeviceSignIn.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        DeviceSignInScreen(signIn: self, strings: context.strings, showsFocus: showsFocus)
    }
}
