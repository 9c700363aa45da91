import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// The sheets drawn over a screen: the simulated identity provider and legacy sign-in recovery.
struct SheetScreen {
    let shown: SheetState
    let state: NavigatorState
    let strings: Strings

    var sheet: Sheet {
        switch shown {
        case .identityProvider(let form): identityProvider(form)
        case .legacyRecovery(let recovery): legacyRecovery(recovery)
        case .countryPicker(let picker): countryPicker(picker)
        }
    }

    /// The country selector: search by name, ISO code or dial code; ↑/↓ choose.
    private func countryPicker(_ picker: CountryPickerState) -> Sheet {
        let fields = FieldBuilder(state: state, strings: strings)
        let results = state.countryResults
        let search = fields.field(.countrySearchField, label: .countrySearchLabel, placeholder: .countrySearchPrompt)
        guard !results.isEmpty else {
            return Sheet(title: strings[.chooseCountry], rows: [search, Label(strings[.noCountryFound], role: .muted)],
                         focusedRow: 0)
        }
        let items = results.map { ListItem(title: PhoneLabels.title(of: $0, language: state.language)) }
        let list = ListView(items: items, selected: picker.selection, isFocused: true, maxVisibleRows: 8)
        return Sheet(title: strings[.chooseCountry], rows: [search, list], focusedRow: 0)
    }

    /// The local stand-in for a provider's page; it says plainly that it is simulated.
    private func identityProvider(_ form: IdentityProviderForm) -> Sheet {
        let fields = FieldBuilder(state: state, strings: strings)
        let name = form.button.displayName
        let rows: [(any Widget, Control?)] = [
            (Label(strings.format(.simulatedProviderNotice, .string(name)), role: .muted), nil),
            (fields.field(.identityProviderEmailField, label: .email, placeholder: .enterYourEmail),
             .identityProviderEmailField),
            (fields.field(.identityProviderNameField, label: .name, placeholder: .name), .identityProviderNameField),
            (Checkbox(strings[.simulatedProviderEmailVerified], isOn: form.isEmailVerified,
                      isFocused: fields.isFocused(.identityProviderVerifiedToggle)), .identityProviderVerifiedToggle),
            (Button(strings[.continueButton], isFocused: fields.isFocused(.identityProviderContinueButton),
                    isEnabled: state.isIdentityProviderContinueEnabled), .identityProviderContinueButton),
            (Button(strings[.cancel], isFocused: fields.isFocused(.sheetCancelButton)), .sheetCancelButton),
        ]
        return Sheet(title: strings.format(.simulatedProviderTitle, .string(name)), rows: rows.map(\.0),
                     focusedRow: rows.firstIndex { $0.1 == state.focus })
    }

    /// FirebaseUI's `LegacySignInRecoveryView`.
    private func legacyRecovery(_ recovery: LegacyRecoveryState) -> Sheet {
        let labels = ProviderLabels(strings: strings)
        var rows: [any Widget] = [Label(strings.format(.previouslySignedInWith, .string(recovery.email)))]
        var focusedRow: Int?
        for (index, option) in recovery.options.enumerated() {
            let focused = state.focus == .legacyOption(index)
            if focused { focusedRow = rows.count }
            let title: String
            let role: ButtonRole
            switch option {
            case .emailPassword: (title, role) = (strings[.continueWithEmailAndPassword], .primary)
            case .emailLink: (title, role) = (strings[.continueWithEmailLink], .brand(.providerEmail))
            case .phone: (title, role) = (strings[.phone], .brand(.providerPhone))
            case .identityProvider(let button):
                let provider = AuthProvider.identityProvider(button)
                (title, role) = (labels.buttonTitle(provider), .brand(labels.brand(provider)))
            }
            rows.append(Button(title, isFocused: focused, role: role))
        }
        if !recovery.unavailableProviderIDs.isEmpty {
            rows.append(Label(strings[.somePreviousMethodsUnavailable], role: .muted))
        }
        if state.focus == .sheetCancelButton { focusedRow = rows.count }
        rows.append(Button(strings[.cancel], isFocused: state.focus == .sheetCancelButton))
        return Sheet(title: strings[.useAPreviousSignInMethod], rows: rows, focusedRow: focusedRow)
    }
}
