import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `MFAResolutionView`: the enrolled factors to choose from, "We'll send a code to …" and Send code
/// for a text message, then the code, Complete sign-in and Cancel.
struct MFAResolutionScreen {
    let resolution: MFAResolution.State
    let strings: Strings
    let showsFocus: Bool

    var column: FormColumn {
        // Proving who is signed in again finishes no sign-in: titled as the other reauthentication sheets, and
        // "Verify" (issue 31 item 10).
        let isReauthenticating = resolution.reauthenticating != nil
        let heading = strings[isReauthenticating ? .authenticationRequired : .completeSignInWithSecondFactor]
        var header: [any Widget] = [Label(heading, role: .title, alignment: .center)]
        if case .phone(_, _, let number)? = resolution.hint {
            let shown = number.map { PhoneNumber.masked($0) } ?? strings[.phone]
            let sentence: StringKey = resolution.verificationID == nil ? .mfaSendCodeTo : .weSentACodeTo
            header.append(Label(strings.format(sentence, .string(shown)), role: .muted, alignment: .center))
        }
        let builder = FormBuilder(form: resolution, strings: strings, isRevealed: false, showsFocus: showsFocus)
        return builder.column(header: header) { control in
            switch control {
            case .hint(let index): .radio(title(of: resolution.required.hints[index]))
            case .sendCodeButton: .button(strings[.sendCode])
            case .codeField: .codeField(label: .verificationCode)
            case .verifyButton: .button(strings[isReauthenticating ? .verify : .completeSignInButton])
            case .cancelButton: .button(strings[.cancel])
            }
        }
    }

    /// "Authenticator app (work phone)" or "Text message to +•••••••1234".
    private func title(of hint: MFAHint) -> String {
        switch hint {
        case .totp(let name, _):
            return [strings[.mfaHintAuthenticatorApp], name.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        case .phone(_, _, let number):
            return strings.format(.mfaHintTextMessage, .string(number.map { PhoneNumber.masked($0) } ?? strings[.phone]))
        }
    }
}

extension MFAResolution.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        MFAResolutionScreen(resolution: self, strings: context.strings, showsFocus: showsFocus).column
    }
}
