import AuthCore
import Foundation

extension NavigatorState {
    /// Opens phone sign-in with the number field focused.
    mutating func openPhoneSignIn() {
        phone.number = TextInput()
        phone.code = TextInput()
        push(.enterPhoneNumber)
        focus = .phoneNumberField
    }

    /// Keeps edited fields in shape: SMS codes are digits only, six at most; a new search restarts the list.
    mutating func afterEditing(_ control: Control) {
        switch control {
        case .verificationCodeField:
            let digits = phone.code.text.filter(\.isASCII).filter(\.isNumber).prefix(Self.verificationCodeLength)
            if String(digits) != phone.code.text {
                phone.code = TextInput(String(digits))
                phone.code.hasBeenEdited = true
            }
        case .countrySearchField:
            if var picker = countryPicker {
                picker.selection = 0
                sheet = .countryPicker(picker)
            }
        default:
            break
        }
    }

    /// The countries matching the picker's search, in the screen's language.
    public var countryResults: [Country] {
        CountryCatalog.search(countryPicker?.query.text ?? "", language: language)
    }

    mutating func openCountryPicker() {
        var picker = CountryPickerState()
        picker.selection = CountryCatalog.search("", language: language).firstIndex(of: phone.country) ?? 0
        openSheet(.countryPicker(picker))
    }

    mutating func moveCountrySelection(by delta: Int) {
        guard var picker = countryPicker else { return }
        let count = countryResults.count
        guard count > 0 else { return }
        picker.selection = min(max(0, picker.selection + delta), count - 1)
        sheet = .countryPicker(picker)
    }

    /// Enter in the country search: take the selected country.
    mutating func chooseCountry() {
        guard let picker = countryPicker else { return }
        let results = countryResults
        guard results.indices.contains(picker.selection) else { return }
        phone.country = results[picker.selection]
        closeSheet()
    }

    mutating func sendVerificationCode() -> [NavigatorEffect] {
        guard let number = phone.e164 else {
            phone.number.hasBeenEdited = true
            focus = .phoneNumberField
            return []
        }
        return [.verifyPhoneNumber(operationID: begin(.sendingVerificationCode), phoneNumber: number)]
    }

    mutating func resendVerificationCode() -> [NavigatorEffect] {
        guard resendCountdown == 0, case .enterVerificationCode(_, let number)? = authView else { return [] }
        return [.verifyPhoneNumber(operationID: begin(.sendingVerificationCode), phoneNumber: number)]
    }

    mutating func verifyCode() -> [NavigatorEffect] {
        guard isVerificationCodeComplete, case .enterVerificationCode(let verificationID, _)? = authView else {
            phone.code.hasBeenEdited = true
            focus = .verificationCodeField
            return []
        }
        return signIn(with: .phone(verificationID: verificationID, code: phone.code.text))
    }

    /// A code went out: show the code screen (or refresh it after a resend).
    mutating func codeSent(_ sent: PhoneCodeSent) {
        let route = AuthView.enterVerificationCode(verificationID: sent.verificationID, fullPhoneNumber: sent.phoneNumber)
        if case .enterVerificationCode? = authView { routes.removeLast() }
        routes.append(route)
        phone.code = TextInput()
        phone.codeSentAt = sent.sentAt
        focus = .verificationCodeField
    }
}
