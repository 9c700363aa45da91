import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `EmailLinkView`, plus the step where the emailed link is pasted (a terminal has no URL callback).
struct EmailLinkScreen {
    let state: NavigatorState
    let strings: Strings

    var column: FormColumn {
        let fields = FieldBuilder(state: state, strings: strings)
        var column = FormColumn(maxWidth: 56)
        column.add(Label(strings[.signInWithEmailLink], role: .title, alignment: .center))
        switch state.emailLink.step {
        case .requestLink:
            column.add(fields.field(.emailLinkEmailField, label: .sendSignInLinkToEmail, placeholder: .enterYourEmail),
                       focused: fields.isFocused(.emailLinkEmailField))
            column.add(Button(strings[.sendEmailSignInLink], isFocused: fields.isFocused(.sendEmailLinkButton),
                              isEnabled: state.isEmailLinkSendEnabled), focused: fields.isFocused(.sendEmailLinkButton))
        case .enterLink:
            column.add(fields.field(.emailLinkEmailField, label: .email, placeholder: .enterYourEmail),
                       focused: fields.isFocused(.emailLinkEmailField))
            column.add(fields.field(.emailLinkField, label: .emailLinkLabel, placeholder: .emailLinkPrompt),
                       focused: fields.isFocused(.emailLinkField))
            column.add(Button(strings[.emailLinkSignInButton], isFocused: fields.isFocused(.emailLinkSignInButton),
                              isEnabled: state.isEmailLinkSignInEnabled), focused: fields.isFocused(.emailLinkSignInButton))
        }
        return column
    }
}
