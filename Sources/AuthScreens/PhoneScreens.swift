import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `EnterPhoneNumberView`: country, number, "Send Code".
struct EnterPhoneNumberScreen {
    let state: NavigatorState
    let strings: Strings
    /// Explain up front that a live project wants reCAPTCHA (test numbers from the console still work).
    let needsAppVerification: Bool

    var column: FormColumn {
        let fields = FieldBuilder(state: state, strings: strings)
        var column = FormColumn(maxWidth: 56)
        column.add(Label(strings[.signInWithPhone], role: .title, alignment: .center))
        column.add(Label(strings[.enterPhoneNumber], role: .muted, alignment: .center))
        if needsAppVerification {
            column.add(Label(strings[.phoneNeedsAppVerification], role: .hint, alignment: .leading))
        }
        let country = PhoneLabels.title(of: state.phone.country, language: state.language) + " ▾"
        column.add(Button(country, isFocused: fields.isFocused(.countryButton)), focused: fields.isFocused(.countryButton))
        column.add(fields.field(.phoneNumberField, label: .phone, placeholder: .enterPhoneNumber),
                   focused: fields.isFocused(.phoneNumberField))
        column.add(Button(strings[.sendCode], isFocused: fields.isFocused(.sendCodeButton),
                          isEnabled: state.phone.e164 != nil), focused: fields.isFocused(.sendCodeButton))
        return column
    }
}

/// FirebaseUI's `EnterVerificationCodeView`, with the resend countdown FirebaseUI lacks.
struct EnterVerificationCodeScreen {
    let state: NavigatorState
    let phoneNumber: String
    let strings: Strings

    var column: FormColumn {
        let fields = FieldBuilder(state: state, strings: strings)
        var column = FormColumn(maxWidth: 56)
        column.add(Label(strings[.enterVerificationCode], role: .title, alignment: .center))
        column.add(Label(strings.format(.weSentACodeTo, .string(phoneNumber)), role: .muted, alignment: .center))
        column.add(CodeField(label: strings[.verificationCode], digits: state.phone.code.text,
                             length: NavigatorState.verificationCodeLength,
                             isFocused: fields.isFocused(.verificationCodeField),
                             messages: fields.messages(.verificationCodeField)),
                   focused: fields.isFocused(.verificationCodeField))
        column.add(Button(strings[.verifyAndSignIn], isFocused: fields.isFocused(.verifyCodeButton),
                          isEnabled: state.isVerificationCodeComplete), focused: fields.isFocused(.verifyCodeButton))
        let countdown = state.resendCountdown
        let resend = countdown > 0 ? strings.format(.resendCodeCountdown, .int(countdown)) : strings[.resendCode]
        column.add(Button(resend, isFocused: fields.isFocused(.resendCodeButton), isEnabled: countdown == 0),
                   focused: fields.isFocused(.resendCodeButton))
        column.add(LinkRow(link: strings[.changeNumber], isFocused: fields.isFocused(.changeNumberLink)),
                   focused: fields.isFocused(.changeNumberLink))
        return column
    }
}
