import AuthFlow
import Localization
import TerminalUI

/// Signing in with a provider in a browser: the address to open (whole, wrapped), where the app waits for the
/// browser, "Open browser" when this machine has one, and the field for the address a distant browser ended on.
///
/// Where the terminal is wide and tall enough, a QR code of the address stands beside the form, for a phone's
/// browser; otherwise there is none, never a clipped one (the address is there as text either way).
struct BrowserSignInScreen: FormWithQRCodeScreen {
    let signIn: BrowserSignIn.State
    let strings: Strings
    let showsFocus: Bool
    var showsScrollMarks = true
    var firstRow: Int?

    /// The QR code holds the address to open.
    var qrAddress: String? { signIn.start.authURI.authURI }

    var column: FormColumn {
        BrowserHandoffForm(form: signIn, title: title, message: strings[.browserSignInMessage],
                           address: signIn.start.authURI.authURI, continueURI: signIn.start.continueURI,
                           strings: strings, showsFocus: showsFocus).column
    }

    /// The title names what the provider is asked for: a sign-in, a link, or a sign-in again.
    private var title: String {
        let name = FormatArgument.string(signIn.start.button.displayName)
        switch signIn.use {
        case .signIn: return strings.format(.browserSignInTitle, name)
        case .link: return strings.format(.browserLinkTitle, name)
        case .reauthenticate: return strings.format(.browserReauthTitle, name)
        }
    }
}

extension BrowserSignIn.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        BrowserSignInScreen(signIn: self, strings: context.strings, showsFocus: showsFocus)
    }
}
