import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `UpdatePasswordView`; linking email and password to an account uses the same form.
struct UpdatePasswordScreen {
    let form: UpdatePassword.State
    let isRevealed: Bool
    let showsFocus: Bool
    let strings: Strings

    var column: FormColumn {
        let password = ProviderLabels(strings: strings).methodName(providerID: .password, providers: [])
        let title = form.isLinking ? strings.format(.linkMethod, .string(password)) : strings[.updatePasswordTitle]
        let builder = FormBuilder(form: form, strings: strings, isRevealed: isRevealed, showsFocus: showsFocus)
        return builder.column(header: [Label(title, role: .title, alignment: .center)]) { control in
            switch control {
            case .emailField: .field(label: .email, placeholder: .enterYourEmail)
            case .newPasswordField: .field(label: .typeNewPassword, placeholder: .enterYourPassword)
            case .confirmPasswordField: .field(label: .retypeNewPassword, placeholder: .confirmPassword)
            case .submitButton: .button(form.isLinking ? title : strings[.updatePassword])
            }
        }
    }
}

/// The display name and photo URL form.
struct UpdateProfileScreen {
    let form: UpdateProfile.State
    let showsFocus: Bool
    let strings: Strings

    var column: FormColumn {
        let builder = FormBuilder(form: form, strings: strings, isRevealed: false, showsFocus: showsFocus)
        return builder.column(header: [Label(strings[.updateProfile], role: .title, alignment: .center)]) { control in
            switch control {
            case .displayNameField: .field(label: .name, placeholder: .name)
            case .photoURLField: .field(label: .photoURL, placeholder: .photoURL)
            case .saveButton: .button(strings[.save])
            }
        }
    }
}

extension UpdatePassword.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        UpdatePasswordScreen(form: self, isRevealed: state.isPasswordRevealed, showsFocus: showsFocus,
                             strings: context.strings).column
    }
}

extension UpdateProfile.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        UpdateProfileScreen(form: self, showsFocus: showsFocus, strings: context.strings).column
    }
}
