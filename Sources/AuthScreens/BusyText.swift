import AuthFlow
import Localization
import TerminalUI

extension Operation {
    /// What the busy indicator says while this call is in flight: what is happening, in the person's words.
    var busyText: StringKey {
        switch kind {
        // FirebaseUI's `.checking` moment: a restored session is being validated, nobody is signing in yet.
        case .loadingSession: .checkingSession
        case .signingIn, .signingInWithEmailLink, .signingUp, .verifyingSecondFactor, .reauthenticating,
             .beginningBrowserSignIn, .signingInOnAnotherDevice: .authenticating
        case .provisioning: .provisioningAccount
        case .signingOut: .signingOutBusy
        case .sendingEmailVerification: .sendingVerificationEmail
        case .sendingPasswordRecoveryEmail, .sendingSignInLink: .sendingEmailBusy
        case .sendingVerificationCode, .sendingEnrollmentCode: .sendingCodeBusy
        case .loadingInbox, .loadingSecondFactors, .checkingPreviousSignInMethods, .checkingSignInProvider,
             .startingSecondFactorEnrollment:
            .loadingBusy
        case .resettingPassword, .linkingCredential, .enrollingSecondFactor, .removingSecondFactor, .verifyingEmail,
             .updatingPassword, .updatingProfile, .unlinking: .savingBusy
        case .deletingAccount: .deletingAccountBusy
        }
    }
}

extension Operation: LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        BusyIndicator(frame: context.spinnerFrame, text: context.strings[busyText],
                      hint: call.canBeAbandoned ? context.strings[.busyHint] : nil)
    }
}
