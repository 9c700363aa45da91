import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `PasswordRecoveryView`, plus the second step where the reset is completed in the terminal.
struct PasswordRecoveryScreen {
    let state: NavigatorState
    let strings: Strings

    var column: FormColumn {
        let fields = FieldBuilder(state: state, strings: strings)
        var column = FormColumn(maxWidth: 56)
        column.add(Label(strings[.recoverPassword], role: .title, alignment: .center))
        switch state.passwordRecovery.step {
        case .requestEmail:
            column.add(Label(strings[.passwordRecoveryMessage], role: .muted, alignment: .leading))
            column.add(fields.field(.recoveryEmailField, label: .sendPasswordRecoveryLink, placeholder: .enterYourEmail),
                       focused: fields.isFocused(.recoveryEmailField))
            column.add(Button(strings[.sendPasswordRecoveryEmail], isFocused: fields.isFocused(.sendRecoveryEmailButton),
                              isEnabled: state.isRecoverySendEnabled), focused: fields.isFocused(.sendRecoveryEmailButton))
            column.add(LinkRow(link: strings[.haveResetCode], isFocused: fields.isFocused(.haveResetCodeLink)),
                       focused: fields.isFocused(.haveResetCodeLink))
        case .enterCode:
            column.add(Label(strings[.resetCodePrompt], role: .muted, alignment: .leading))
            column.add(fields.field(.resetCodeField, label: .resetCodeLabel, placeholder: .resetCodeLabel),
                       focused: fields.isFocused(.resetCodeField))
            column.add(fields.field(.newPasswordField, label: .typeNewPassword, placeholder: .enterYourPassword),
                       focused: fields.isFocused(.newPasswordField))
            column.add(fields.field(.confirmNewPasswordField, label: .retypeNewPassword, placeholder: .confirmPassword),
                       focused: fields.isFocused(.confirmNewPasswordField))
            column.add(Button(strings[.resetPasswordButton], isFocused: fields.isFocused(.resetPasswordButton),
                              isEnabled: state.isResetEnabled), focused: fields.isFocused(.resetPasswordButton))
        }
        return column
    }
}
