import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `EnterPhoneNumberView`: country, number, "Send code".
struct EnterPhoneNumberScreen {
    let phone: EnterPhoneNumber.State
    let language: String
    let strings: Strings
    /// Say up front that a live project may ask for a reCAPTCHA, solved in a browser (test numbers need none).
    let needsAppVerification: Bool
    let showsFocus: Bool
    /// Whether the number is linked to the signed-in account rather than signed in with.
    let isLinking: Bool

    var column: FormColumn {
        // Linking a phone is titled as the account screen's button that opened it (issue 31 item 10).
        let title = isLinking ? strings.format(.linkMethod, .string(strings[.phone])) : strings[.signInWithPhone]
        var header: [any Widget] = [Label(title, role: .title, alignment: .center),
                                    Label(strings[.enterPhoneNumber], role: .muted, alignment: .center)]
        if needsAppVerification {
            header.append(Label(strings[.phoneNeedsAppVerification], role: .hint, alignment: .leading))
        }
        return FormBuilder(form: phone, strings: strings, isRevealed: false, showsFocus: showsFocus).column(header: header) { control in
            switch control {
            case .countryButton: .button(PhoneLabels.title(of: phone.country, language: language) + " ▾")
            case .numberField: .field(label: .phone, placeholder: .enterPhoneNumber)
            case .sendCodeButton: .button(strings[.sendCode])
            }
        }
    }
}

/// FirebaseUI's `EnterVerificationCodeView`, with the resend countdown FirebaseUI lacks.
struct EnterVerificationCodeScreen {
    let code: VerificationCode.State
    let strings: Strings
    let showsFocus: Bool
    /// Whether the code links a phone to the signed-in account rather than signs in.
    let isLinking: Bool

    var column: FormColumn {
        let header: [any Widget] = [
            Label(strings[.enterVerificationCode], role: .title, alignment: .center),
            Label(strings.format(.weSentACodeTo, .string(code.phoneNumber)), role: .muted, alignment: .center),
        ]
        let countdown = code.resendCountdown
        return FormBuilder(form: code, strings: strings, isRevealed: false, showsFocus: showsFocus).column(header: header) { control in
            switch control {
            case .codeField: .codeField(label: .verificationCode)
            case .verifyButton: .button(strings[isLinking ? .verify : .verifyAndSignIn])
            case .resendButton:
                .button(countdown > 0 ? strings.format(.resendCodeCountdown, .int(countdown)) : strings[.resendCode])
            case .changeNumberLink: .link(strings[.changeNumber])
            case .cancelButton: .button(strings[.cancel])
            }
        }
    }
}

extension EnterPhoneNumber.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        EnterPhoneNumberScreen(phone: self, language: state.language, strings: context.strings,
                               needsAppVerification: context.phoneNeedsAppVerification, showsFocus: showsFocus,
                               isLinking: state.authenticationState == .authenticated).column
    }
}

extension VerificationCode.State: RouteScreen, LayerScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        EnterVerificationCodeScreen(code: self, strings: context.strings, showsFocus: showsFocus,
                                    isLinking: state.authenticationState == .authenticated).column
    }

    /// As a layer, the code is the reauthentication sheet (FirebaseUI's `PhoneReauthView`).
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        SheetScreen.phoneReauthentication(self, strings: context.strings, showsFocus: isTop)
    }
}
