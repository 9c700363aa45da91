import AuthCore
import AuthFlow
import Localization

/// The words of an alert.
struct AlertContent {
    let title: String
    let message: String

    init(_ alert: AlertState, strings: Strings, providers: [AuthProvider]) {
        switch alert {
        case .error(let code, let during):
            title = strings[.error]
            message = strings[ErrorMessages.key(for: code, during: during)]
        case .passwordRecoveryEmailSent(let email):
            title = strings[.checkYourEmail]
            message = strings.format(.passwordRecoveryEmailSentMessage, .string(email))
        case .passwordResetComplete:
            title = strings[.passwordResetTitle]
            message = strings[.passwordResetMessage]
        case .signInLinkSent(let email):
            title = strings[.signInEmailSent]
            message = strings.format(.emailLinkSentMessage, .string(email))
        case .credentialLinked(let providerID):
            title = strings[.credentialLinkedTitle]
            let name = ProviderLabels(strings: strings).methodName(providerID: providerID, providers: providers)
            message = strings.format(.credentialLinkedMessage, .string(name))
        case .provisioningFailed(let failure):
            title = strings[.provisioningFailedTitle]
            message = switch failure {
            case .exited(let status, let text) where text.isEmpty: strings.format(.provisioningExitStatus, .int(Int(status)))
            case .exited(_, let text): text
            case .couldNotStart: strings[.provisioningCouldNotStart]
            case .backend(let code): strings[ErrorMessages.key(for: code, during: .provisioning)]
            }
        case .confirmSecondFactorRemoval(let factor):
            title = strings[.removeSecondFactorTitle]
            message = strings.format(.removeSecondFactorMessage,
                                     .string(SecondFactorLabels(strings: strings).name(of: factor)))
        }
    }
}
