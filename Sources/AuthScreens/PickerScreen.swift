import AuthCore
import AuthFlow
import FoundationEssentials
import Localization
import TerminalUI

/// FirebaseUI's `AuthPickerView` root when signed out: logo, title, inline email form and the rest.
struct PickerScreen {
    let picker: AuthPicker.State
    let state: NavigatorState
    let strings: Strings

    /// The built-in text logo, used when the configuration has none.
    static let defaultLogo = " ▄▄ \n▟██▙\n▜██▛"

    var column: FormColumn {
        var header: [any Widget] = [
            Label(state.configuration.logo ?? Self.defaultLogo, role: .logo, alignment: .center),
            Label(strings[.signInWithFirebase], role: .title, alignment: .center),
        ]
        if state.currentUser?.isAnonymous == true {
            // Says what keeps the guest account: a sign-up when guests are upgraded, nothing otherwise.
            let notice: StringKey = state.isUpgradingGuest ? .guestNoticeKept : .guestNoticeEnds
            header.append(Label(strings[notice], role: .muted, alignment: .center))
        }
        let builder = FormBuilder(form: picker, strings: strings, isRevealed: state.isPasswordRevealed,
                                  showsFocus: state.presentation.isEmpty)
        return builder.column(header: header, look: look, extras: extras)
    }

    private func look(_ control: AuthPicker.Control) -> ControlLook {
        let signingUp = picker.flow == .signUp
        switch control {
        case .emailField: return .field(label: .email, placeholder: .enterYourEmail)
        case .passwordField: return .field(label: .password, placeholder: .enterYourPassword)
        case .confirmPasswordField: return .field(label: .confirmPassword, placeholder: .confirmPassword)
        case .troubleSigningInLink: return .link(strings[.troubleSigningIn], alignment: .trailing)
        case .submitButton: return .button(strings[signingUp ? .createAccount : .signInWithEmail])
        case .flowToggleLink:
            return .link(strings[signingUp ? .login : .signUp],
                         leading: strings[signingUp ? .alreadyHaveAnAccount : .dontHaveAnAccount])
        case .providerButton(let provider):
            let labels = ProviderLabels(strings: strings)
            return .button(labels.buttonTitle(provider), role: .brand(labels.brand(provider)),
                           colors: labels.configuredColors(provider), grouped: true)
        case .signOutButton: return .button(strings[.signOut])
        case .cancelButton: return .button(strings[.cancel])
        }
    }

    /// A divider between the form and the other methods; the terms before Cancel (or last without it).
    private func extras(before control: AuthPicker.Control?) -> [any Widget] {
        switch control {
        case .providerButton(let provider)? where provider == picker.providerButtons.first && picker.showsEmailForm:
            return [Divider()]
        case .cancelButton?:
            return terms
        case nil:
            return picker.showsCancelButton ? [] : terms
        default:
            return []
        }
    }

    /// FirebaseUI's `PrivacyTOCsView(.full)`; a terminal cannot link words, so the URLs follow the sentence.
    private var terms: [any Widget] {
        guard state.configuration.showsTermsAndPrivacy, let tos = state.configuration.tosUrl,
              let privacy = state.configuration.privacyPolicyUrl else { return [] }
        let sentence = strings.format(.termsOfServiceMessage, .string(strings[.termsOfService]),
                                      .string(strings[.privacyPolicy]))
        return [Label(sentence, role: .muted, alignment: .center),
                Label(address(.termsOfService, tos) + "\n" + address(.privacyPolicy, privacy),
                      role: .link, alignment: .center)]
    }

    /// "Terms of Service: https://…", in the language's own colon and spacing.
    private func address(_ label: StringKey, _ url: URL) -> String {
        strings.format(.labeledAddress, .string(strings[label]), .string(url.absoluteString))
    }
}

extension AuthPicker.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        PickerScreen(picker: self, state: state, strings: context.strings).column
    }
}
