import AuthFlow
import Localization
import TerminalUI

/// Builds the text field widget for a Navigator field control, with its validation messages.
struct FieldBuilder {
    let state: NavigatorState
    let strings: Strings

    func field(_ control: Control, label: StringKey, placeholder: StringKey) -> TextField {
        let input = state.input(for: control) ?? TextInput()
        let secure: SecureMode = control.isSecure ? (state.isPasswordRevealed ? .revealed : .masked) : .plain
        return TextField(label: strings[label], text: input.text, cursor: input.cursor,
                         placeholder: strings[placeholder], isFocused: state.focus == control && state.alert == nil,
                         secure: secure, messages: messages(control))
    }

    func isFocused(_ control: Control) -> Bool { state.focus == control }

    /// The messages under a field, localized: its validation, and a note when a paste was cut to fit.
    func messages(_ control: Control) -> [ValidationMessage] {
        let validation = state.visibleValidation(for: control).map {
            ValidationMessage(strings[$0.rule.stringKey], isError: !$0.isSatisfied)
        }
        guard state.input(for: control)?.wasCut == true else { return validation }
        return validation + [ValidationMessage(strings.format(.fieldTooLong, .int(TextInput.maximumLength)),
                                               isError: true)]
    }
}

extension ValidationRule {
    var stringKey: StringKey {
        switch self {
        case .email: .emailValidation
        case .passwordLength: .passwordLengthValidation
        case .passwordsMatch: .passwordsMatchValidation
        case .phoneNumber: .phoneNumberValidation
        case .verificationCode: .verificationCodeValidation
        }
    }
}
