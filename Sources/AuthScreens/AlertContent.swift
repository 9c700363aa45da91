import AuthCore
import AuthFlow
import Localization
import TerminalUI

/// The words of an alert.
struct AlertContent {
    let title: String
    let message: String

    init(_ alert: AlertState, strings: Strings, providers: [AuthProvider]) {
        switch alert {
        case .error(let code, let during):
            title = strings[.error]
            message = strings[ErrorMessages.key(for: code, during: during)]
        case .phoneNumberProtectedBySecondFactor:
            title = strings[.error]
            message = strings[.phoneNumberProtectedBySecondFactor]
        case .passwordRequirementsNotMet(let requirements):
            title = strings[.error]
            message = PasswordRequirementLabels(strings: strings).message(listing: requirements)
        case .libraryMissing(let library):
            title = strings[.error]
            message = strings.format(.libraryMissing, .string(library.soname), .string(library.package))
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
        case .guestReplacedByExistingAccount:
            title = strings[.guestConflictTitle]
            message = strings[.guestConflictMessage]
        case .guestSessionEnds:
            title = strings[.guestSessionEndsTitle]
            message = strings[.guestSessionEndsMessage]
        case .quitLosesTypedInput:
            title = strings[.quitLosesTypedInputTitle]
            message = strings[.quitLosesTypedInputMessage]
        case .emailVerificationSent(let email):
            title = strings[.verificationEmailSentTitle]
            message = strings.format(.verificationEmailSentMessage, .string(email))
        case .emailVerified(let email):
            title = strings[.emailVerifiedStatus]
            message = strings.format(.emailVerifiedMessage, .string(email))
        case .passwordUpdated:
            title = strings[.passwordUpdatedTitle]
            message = strings[.passwordUpdatedMessage]
        case .profileUpdated:
            title = strings[.profileUpdatedTitle]
            message = strings[.profileUpdatedMessage]
        case .confirmUnlink(let providerID):
            let name = ProviderLabels(strings: strings).methodName(providerID: providerID, providers: providers)
            title = strings.format(.unlinkConfirmTitle, .string(name))
            message = strings.format(.unlinkConfirmMessage, .string(name))
        case .methodUnlinked(let providerID):
            title = strings[.methodUnlinkedTitle]
            let name = ProviderLabels(strings: strings).methodName(providerID: providerID, providers: providers)
            message = strings.format(.methodUnlinkedMessage, .string(name))
        case .confirmDeleteAccount:
            title = strings[.deleteAccountTitle]
            message = strings[.deleteAccountMessage]
        case .accountDeleted:
            title = strings[.accountDeletedTitle]
            message = strings[.accountDeletedMessage]
        case .signedOut(let reason):
            title = strings[.signedOutTitle]
            message = switch reason {
            case .accountDisabled: strings[.signedOutAccountDisabled]
            case .accountDeleted: strings[.signedOutAccountDeleted]
            case .signInRevoked: strings[.signedOutSignInRevoked]
            }
        case .reauthenticateWithEmailLink(let email):
            title = strings[.authenticationRequired]
            message = strings.format(.emailLinkReauthMessage, .string(email))
        case .reauthenticateWithPhone(let phoneNumber):
            title = strings[.authenticationRequired]
            message = strings.format(.phoneReauthMessage, .string(phoneNumber))
        case .reauthenticateWithProvider(let providerID):
            title = strings[.authenticationRequired]
            let name = ProviderLabels(strings: strings).methodName(providerID: providerID, providers: providers)
            message = strings.format(.providerReauthMessage, .string(name))
        case .provisioningFailed(let failure):
            title = strings[.provisioningFailedTitle]
            message = switch failure {
            case .exited(let status, let text) where text.isEmpty: strings.format(.provisioningExitStatus, .string(String(status)))
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

extension AlertPresentation: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        let content = AlertContent(self.content, strings: context.strings, providers: state.providers)
        return Alert(title: content.title, message: content.message,
                     buttons: buttons.map { context.strings[$0.title.stringKey] }, focusedButton: selection)
    }
}
