import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `SignedInView`: who is signed in, whether the email is verified, the linked sign-in methods,
/// and the account's actions (a column that scrolls on a small terminal).
struct SignedInScreen {
    let signedIn: SignedIn.State
    let state: NavigatorState
    let strings: Strings

    var column: FormColumn {
        let user = signedIn.user
        let labels = ProviderLabels(strings: strings)
        var header: [any Widget] = [Label(strings[.signedIn], role: .title, alignment: .center)]
        if let identity = user.email ?? user.displayName ?? user.phoneNumber {
            header.append(Label(identity, role: .normal, alignment: .center))
        }
        if let name = user.displayName, user.email != nil {
            header.append(Label(name, role: .normal, alignment: .center))
        }
        header.append(Label(strings.format(.userID, .string(user.uid)), role: .muted, alignment: .center))
        if user.email != nil {
            header.append(user.isEmailVerified ? Label(strings[.emailVerifiedStatus], role: .success, alignment: .center)
                : Label(strings[.emailNotVerifiedStatus], role: .hint, alignment: .center))
        }
        if let count = signedIn.secondFactorCount {
            header.append(Label(strings.format(.secondFactorsCount, .int(count)), role: .normal, alignment: .center))
        }
        let names = user.providers.map { labels.methodName(providerID: $0, providers: state.providers) }
        if !names.isEmpty {
            header.append(Label(strings[.signInMethods] + "\n" + names.map { "• " + $0 }.joined(separator: "\n"),
                                role: .normal, alignment: .leading))
        }
        let builder = FormBuilder(form: signedIn, strings: strings, isRevealed: false,
                                  showsFocus: state.presentation.isEmpty)
        return builder.column(header: header) { control in
            switch control {
            case .verifyEmailButton: .button(strings[.verifyEmailAddress])
            case .verificationLinkField: .field(label: .emailLinkLabel, placeholder: .verificationLinkPrompt)
            case .verifyLinkButton: .button(strings[.verify])
            case .updatePasswordButton: .button(strings[.updatePassword])
            case .updateProfileButton: .button(strings[.updateProfile])
            case .manageMFAButton: .button(strings[.manageTwoFactorAuthentication])
            case .linkButton(let method):
                .button(strings.format(.linkMethod, .string(labels.methodName(providerID: method.providerID,
                                                                             providers: state.providers))))
            case .unlinkButton(let providerID):
                .button(strings.format(.unlinkMethod, .string(labels.methodName(providerID: providerID,
                                                                               providers: state.providers))))
            case .deleteAccountButton: .button(strings[.deleteAccount], role: .destructive)
            case .signOutButton: .button(strings[.signOut])
            }
        }
    }
}

extension SignedIn.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        SignedInScreen(signedIn: self, state: state, strings: context.strings).column
    }
}
