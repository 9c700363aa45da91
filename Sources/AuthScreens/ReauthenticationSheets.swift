import AuthFlow
import Localization
import TerminalUI

/// The sheets that ask the person to sign in again before a sensitive call runs once more.
extension SheetScreen {
    /// FirebaseUI's `EmailReauthView`: the email, the password (Ctrl-R reveals it), Continue and Cancel.
    static func passwordReauthentication(_ sheet: PasswordReauthSheet.State, isRevealed: Bool, strings: Strings,
                                         showsFocus: Bool) -> Sheet {
        let rows = FormBuilder(form: sheet, strings: strings, isRevealed: isRevealed, showsFocus: showsFocus).rows(look: { control in
            switch control {
            case .passwordField: .field(label: .password, placeholder: .enterYourPassword)
            case .confirmButton: .button(strings[.continueButton])
            case .cancelButton: .button(strings[.cancel])
            }
        }, extras: { control in
            control == .passwordField ? [Label(strings[.passwordReauthMessage], role: .muted),
                                         Label(sheet.email, role: .normal)] : []
        })
        return Self.sheet(title: strings[.authenticationRequired], rows: rows)
    }

    /// FirebaseUI's `EmailLinkReauthView` ("Check your email"): the link from the inbox or pasted, and Resend
    /// with its countdown.
    static func emailLinkReauthentication(_ sheet: EmailLinkReauthSheet.State, strings: Strings,
                                          showsFocus: Bool) -> Sheet {
        let countdown = sheet.resendCountdown
        let rows = FormBuilder(form: sheet, strings: strings, isRevealed: false, showsFocus: showsFocus).rows(look: { control in
            switch control {
            case .linkField: .field(label: .emailLinkLabel, placeholder: .emailLinkPrompt)
            case .confirmButton: .button(strings[.continueButton])
            case .resendButton:
                .button(countdown > 0 ? strings.format(.resendLinkCountdown, .int(countdown)) : strings[.resendLink])
            case .cancelButton: .button(strings[.cancel])
            }
        }, extras: { control in
            control == .linkField ? [Label(strings.format(.emailLinkSentMessage, .string(sheet.email)), role: .muted)] : []
        })
        return Self.sheet(title: strings[.checkYourEmail], rows: rows)
    }

    /// FirebaseUI's `PhoneReauthView`: the code sent to the account's number, with the resend countdown.
    static func phoneReauthentication(_ sheet: VerificationCode.State, strings: Strings, showsFocus: Bool) -> Sheet {
        let countdown = sheet.resendCountdown
        let rows = FormBuilder(form: sheet, strings: strings, isRevealed: false, showsFocus: showsFocus).rows(look: { control in
            switch control {
            case .codeField: .codeField(label: .verificationCode)
            case .verifyButton: .button(strings[.verify])
            case .resendButton:
                .button(countdown > 0 ? strings.format(.resendCodeCountdown, .int(countdown)) : strings[.resendCode])
            case .changeNumberLink, .cancelButton: .button(strings[.cancel])
            }
        }, extras: { control in
            control == .codeField ? [Label(strings.format(.weSentACodeTo, .string(sheet.phoneNumber)), role: .muted)] : []
        })
        return Self.sheet(title: strings[.enterVerificationCode], rows: rows)
    }
}

extension PasswordReauthSheet.State: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        SheetScreen.passwordReauthentication(self, isRevealed: state.isPasswordRevealed,
                                             strings: context.strings, showsFocus: isTop)
    }
}

extension EmailLinkReauthSheet.State: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        SheetScreen.emailLinkReauthentication(self, strings: context.strings, showsFocus: isTop)
    }
}
