import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// FirebaseUI's `AuthPickerView` root when signed out: logo, title, inline email form and the rest.
struct PickerScreen {
    let state: NavigatorState
    let strings: Strings

    /// The built-in text logo, used when the configuration has none.
    static let defaultLogo = " ▄▄ \n▟██▙\n▜██▛"

    var column: FormColumn {
        let fields = FieldBuilder(state: state, strings: strings)
        var column = FormColumn(maxWidth: 56)
        column.add(Label(state.configuration.logo ?? Self.defaultLogo, role: .logo, alignment: .center))
        column.add(Label(strings[.signInWithFirebase], role: .title, alignment: .center))
        if state.currentUser?.isAnonymous == true {
            column.add(Label(strings[.guestNotice], role: .muted, alignment: .center))
        }
        if state.emailPasswordSignInEnabled {
            addEmailForm(to: &column, fields: fields)
        }
        if !state.providerButtons.isEmpty {
            if state.emailPasswordSignInEnabled { column.add(Divider()) }
            // The buttons sit in one tight block, as FirebaseUI's renderButtons() stacks them.
            let labels = ProviderLabels(strings: strings)
            var buttons = FormColumn(maxWidth: 56, spacing: 0)
            for provider in state.providerButtons {
                let focused = fields.isFocused(.providerButton(provider))
                buttons.add(Button(labels.buttonTitle(provider), isFocused: focused, role: .brand(labels.brand(provider)),
                                   colors: labels.configuredColors(provider)), focused: focused)
            }
            column.add(buttons, focused: state.providerButtons.contains { fields.isFocused(.providerButton($0)) })
        }
        if state.configuration.showsTermsAndPrivacy {
            addTerms(to: &column)
        }
        if !state.configuration.shouldHideCancelButton {
            column.add(Button(strings[.cancel], isFocused: fields.isFocused(.cancelButton)),
                       focused: fields.isFocused(.cancelButton))
        }
        return column
    }

    private func addEmailForm(to column: inout FormColumn, fields: FieldBuilder) {
        let signingUp = state.authenticationFlow == .signUp
        for (control, label, placeholder) in [(Control.emailField, StringKey.email, StringKey.enterYourEmail),
                                              (.passwordField, .password, .enterYourPassword)] {
            column.add(fields.field(control, label: label, placeholder: placeholder), focused: fields.isFocused(control))
        }
        if signingUp {
            column.add(fields.field(.confirmPasswordField, label: .confirmPassword, placeholder: .confirmPassword),
                       focused: fields.isFocused(.confirmPasswordField))
        } else {
            column.add(LinkRow(link: strings[.troubleSigningIn], isFocused: fields.isFocused(.troubleSigningInLink),
                               alignment: .trailing), focused: fields.isFocused(.troubleSigningInLink))
        }
        column.add(Button(strings[signingUp ? .createAccount : .signInWithEmail],
                          isFocused: fields.isFocused(.submitButton), isEnabled: state.isPickerSubmitEnabled),
                   focused: fields.isFocused(.submitButton))
        column.add(LinkRow(leading: strings[signingUp ? .alreadyHaveAnAccount : .dontHaveAnAccount],
                           link: strings[signingUp ? .login : .signUp], isFocused: fields.isFocused(.flowToggleLink)),
                   focused: fields.isFocused(.flowToggleLink))
    }

    /// FirebaseUI's `PrivacyTOCsView(.full)`; a terminal cannot link words, so the URLs follow the sentence.
    private func addTerms(to column: inout FormColumn) {
        guard let tos = state.configuration.tosUrl, let privacy = state.configuration.privacyPolicyUrl else { return }
        let sentence = strings.format(.termsOfServiceMessage, .string(strings[.termsOfService]),
                                      .string(strings[.privacyPolicy]))
        column.add(Label(sentence, role: .muted, alignment: .center))
        column.add(Label("\(strings[.termsOfService]): \(tos.absoluteString)\n"
                         + "\(strings[.privacyPolicy]): \(privacy.absoluteString)", role: .link, alignment: .center))
    }
}
