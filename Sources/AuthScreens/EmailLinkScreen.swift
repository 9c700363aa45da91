import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `EmailLinkView`, plus the step where the emailed link is pasted (a terminal has no URL callback).
struct EmailLinkScreen {
    let emailLink: EmailLink.State
    let strings: Strings
    let showsFocus: Bool

    var column: FormColumn {
        let header: [any Widget] = [Label(strings[.signInWithEmailLink], role: .title, alignment: .center)]
        let requesting = emailLink.step == .requestLink
        return FormBuilder(form: emailLink, strings: strings, isRevealed: false, showsFocus: showsFocus).column(header: header) { control in
            switch control {
            case .emailField: .field(label: requesting ? .sendSignInLinkToEmail : .email, placeholder: .enterYourEmail)
            case .sendButton: .button(strings[.sendEmailSignInLink])
            case .haveLinkLink: .link(strings[.haveSignInLink])
            case .linkField: .field(label: .emailLinkLabel, placeholder: .emailLinkPrompt)
            case .signInButton: .button(strings[.emailLinkSignInButton])
            }
        }
    }
}

extension EmailLink.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        EmailLinkScreen(emailLink: self, strings: context.strings, showsFocus: showsFocus).column
    }
}
