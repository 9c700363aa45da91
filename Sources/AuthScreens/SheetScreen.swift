import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// The sheets drawn over a screen: the simulated identity provider, legacy sign-in recovery, the country list.
enum SheetScreen {
    /// The stand-in for a provider's page; it says plainly that it is simulated, and by whom: the local backend
    /// or the emulator.
    static func identityProvider(_ form: IdentityProviderSheet.State, strings: Strings, showsFocus: Bool,
                                 isEmulator: Bool) -> Sheet {
        let name = form.button.displayName
        let rows = FormBuilder(form: form, strings: strings, isRevealed: false, showsFocus: showsFocus).rows(look: { control in
            switch control {
            case .emailField: .field(label: .email, placeholder: .enterYourEmail)
            case .nameField: .field(label: .name, placeholder: .name)
            case .emailVerifiedToggle: .checkbox(strings[.simulatedProviderEmailVerified])
            case .continueButton: .button(strings[.continueButton])
            case .cancelButton: .button(strings[.cancel])
            }
        }, extras: { control in
            let notice: StringKey = isEmulator ? .simulatedProviderNoticeEmulator : .simulatedProviderNotice
            return control == .emailField ? [Label(strings.format(notice, .string(name)), role: .muted)] : []
        })
        return sheet(title: strings.format(.simulatedProviderTitle, .string(name)), rows: rows)
    }

    /// FirebaseUI's `LegacySignInRecoveryView`.
    static func legacyRecovery(_ recovery: LegacyRecoverySheet.State, providers: [AuthProvider],
                               strings: Strings, showsFocus: Bool) -> Sheet {
        let labels = ProviderLabels(strings: strings)
        let rows = FormBuilder(form: recovery, strings: strings, isRevealed: false, showsFocus: showsFocus).rows(look: { control in
            guard case .option(let index) = control else { return .button(strings[.cancel]) }
            switch recovery.options[index] {
            case .emailPassword: return .button(strings[.continueWithEmailAndPassword])
            case .emailLink: return .button(strings[.continueWithEmailLink], role: .brand(.providerEmail))
            case .phone: return .button(strings[.phone], role: .brand(.providerPhone))
            case .identityProvider(let button):
                let provider = AuthProvider.identityProvider(button)
                return .button(labels.buttonTitle(provider), role: .brand(labels.brand(provider)))
            }
        }, extras: { control in
            switch control {
            case .option(0)?: [Label(strings.format(.previouslySignedInWith, .string(recovery.email)))]
            case .cancelButton? where !recovery.unavailableProviderIDs.isEmpty:
                [Label(strings[.somePreviousMethodsUnavailable], role: .muted)]
            default: []
            }
        })
        return sheet(title: strings[.useAPreviousSignInMethod], rows: rows)
    }

    /// The country selector: search by name, ISO code or dial code; ↑/↓ choose. The list takes at most the rows
    /// a sheet over `screenHeight` rows leaves it (frame, search label, field and a blank row), so the sheet never
    /// scrolls and the selected country stays in view.
    static func countryPicker(_ picker: CountryPicker.State, strings: Strings, showsFocus: Bool,
                              screenHeight: Int) -> Sheet {
        let results = picker.results
        let list: any Widget = results.isEmpty ? Label(strings[.noCountryFound], role: .muted)
            : ListView(items: results.map { PhoneLabels.listItem(of: $0, language: picker.language) },
                       selected: picker.selection, isFocused: true, maxVisibleRows: min(8, max(1, screenHeight - 5)))
        let rows = FormBuilder(form: picker, strings: strings, isRevealed: false, showsFocus: showsFocus).rows(look: { _ in
            .field(label: .countrySearchLabel, placeholder: .countrySearchPrompt)
        }, extras: { control in control == nil ? [list] : [] })
        return sheet(title: strings[.chooseCountry], rows: rows)
    }

    static func sheet(title: String, rows: [(widget: any Widget, focused: Bool)]) -> Sheet {
        Sheet(title: title, rows: rows.map(\.widget), focusedRow: rows.firstIndex(where: \.focused))
    }
}

extension IdentityProviderSheet.State: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        SheetScreen.identityProvider(self, strings: context.strings, showsFocus: isTop,
                                     isEmulator: context.isEmulator)
    }
}

extension LegacyRecoverySheet.State: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        SheetScreen.legacyRecovery(self, providers: state.providers, strings: context.strings,
                                   showsFocus: isTop)
    }
}

extension CountryPicker.State: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        SheetScreen.countryPicker(self, strings: context.strings, showsFocus: isTop, screenHeight: bodyHeight)
    }
}
