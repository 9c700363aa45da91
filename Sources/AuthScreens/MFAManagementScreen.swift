import AuthCore
import AuthFlow
import FoundationEssentials
import Localization
import TerminalUI

/// FirebaseUI's `MFAManagementView`: each enrolled factor with its Remove button, then the way to add one.
struct MFAManagementScreen {
    let management: MFAManagement.State
    let strings: Strings
    let showsFocus: Bool

    var column: FormColumn {
        var header: [any Widget] = [Label(strings[.twoFactorAuthentication], role: .title, alignment: .center),
                                    Label(strings[.manageYourAuthenticationMethods], role: .muted, alignment: .center)]
        if management.factors?.isEmpty == true {
            header.append(Label(strings[.setUpTwoFactorAuthenticationMessage], role: .normal, alignment: .center))
        }
        if management.allowed.isEmpty {
            header.append(Label(strings[.mfaNotAvailable], role: .hint, alignment: .center))
        } else if let refusal = management.enrolmentRefusal {
            let key = ErrorMessages.key(for: refusal, during: .startingSecondFactorEnrollment)
            header.append(Label(strings[key], role: .hint, alignment: .center))
        }
        let factors = management.factors ?? []
        let builder = FormBuilder(form: management, strings: strings, isRevealed: false, showsFocus: showsFocus)
        return builder.column(header: header, look: { control in
            switch control {
            case .remove: .button(strings[.remove], role: .destructive)
            case .addButton:
                .button(factors.isEmpty ? strings[.setUpTwoFactorAuthentication] : strings[.addAnotherMethod])
            }
        }, extras: { control in
            guard case .remove(let index)? = control, factors.indices.contains(index) else { return [] }
            let factor = factors[index]
            return [Label(SecondFactorLabels(strings: strings).name(of: factor), role: .label, alignment: .leading),
                    Label(SecondFactorLabels(strings: strings).details(of: factor), role: .muted, alignment: .leading)]
        })
    }
}

/// How a second factor is named on screen.
struct SecondFactorLabels {
    let strings: Strings

    /// Its display name, or FirebaseUI's "Unnamed Method".
    func name(of factor: MultiFactorInfo) -> String {
        factor.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? strings[.unnamedMethod]
    }

    /// "Text message to +•••••••1234 · Enrolled: Dec 1, 2026".
    func details(of factor: MultiFactorInfo) -> String {
        let kind = switch factor.factor {
        case .sms: strings.format(.mfaHintTextMessage, .string(PhoneNumber.masked(factor.phoneNumber ?? "")))
        case .totp: strings[.mfaHintAuthenticatorApp]
        }
        let date = LocalizedDate.text(factor.enrollmentDate, skeleton: "yMMMd", language: strings.language)
        return kind + " · " + strings.format(.enrolledOn, .string(date))
    }
}

extension MFAManagement.State: RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView {
        MFAManagementScreen(management: self, strings: context.strings, showsFocus: showsFocus).column
    }
}
