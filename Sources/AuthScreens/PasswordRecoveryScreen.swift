import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `PasswordRecoveryView`, plus the second step where the reset is completed in the terminal.
struct PasswordRecoveryScreen {
    let recovery: PasswordRecovery.State
    let isRevealed: Bool
    let showsFocus: Bool
    let strings: Strings

    var column: FormColumn {
        let prompt: StringKey = recovery.step == .requestEmail ? .passwordRecoveryMessage : .resetCodePrompt
        let header: [any Widget] = [Label(strings[.recoverPassword], role: .title, alignment: .center),
                                    Label(strings[prompt], role: .muted, alignment: .leading)]
        return FormBuilder(form: recovery, strings: strings, isRevealed: isRevealed, showsFocus: showsFocus).column(header: header) { control in
            switch control {
            case .emailField: .field(label: .sendPasswordRecoveryLink, placeholder: .enterYourEmail)
            case .sendButton: .button(strings[.sendPasswordRecoveryEmail])
            case .haveResetCodeLink: .link(strings[.haveResetCode])
            case .codeField: .field(label: .resetCodeLabel, placeholder: .resetCodeLabel)
            case .newPasswordField: .field(label: .typeNewPassword, placeholder: .enterYourPassword)
            case .confirmNewPasswordField: .field(label: .retypeNewPassword, placeholder: .confirmPassword)
            case .resetButton: .button(strings[.resetPasswordButton])
            }
        }
    }
}

extension PasswordRecovery.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        PasswordRecoveryScreen(recovery: self, isRevealed: state.isPasswordRevealed, showsFocus: showsFocus,
                               strings: context.strings).column
    }
}
