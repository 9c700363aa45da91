import AuthCore
import Testing
@testable import AuthFlow

/// Issue 29: a project that enforces reCAPTCHA Enterprise for email and password refuses a password sign-in without a
/// token; the sign-in goes through the same browser hand-off as a phone's reCAPTCHA, for the Enterprise action, and
/// runs again, once, with the token.
@Suite struct RecaptchaEnterpriseFlowTests {
    private let signIn = AuthCall.SignIn(email: "alice@example.com", password: "hunter22")
    private let begun = RecaptchaVerification.Start(pageURI: "http://127.0.0.1:43123/recaptcha?state=S1",
                                                    continueURI: "http://127.0.0.1:43123/", expectedState: "S1")

    @Test func aRefusedPasswordSignInGoesThroughTheHandOffAndRunsAgainWithTheToken() {
        var store = aliceSigningIn()
        showRecaptchaChallenge(begun, refusing: Operation(id: 2, call: signIn, owner: .root), in: &store)
        let again = AuthCall.SignIn(email: "alice@example.com", password: "hunter22", recaptchaToken: "E1")
        store.send(.responded(operationID: 4, .success("E1"))) {
            $0.path.removeLast()
            $0.presentation.replace(with: [busy(5, again)])
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, again)])
        store.finish()
    }

    @Test func eachPasswordCallNamesItsEnterpriseAction() {
        #expect(signIn.recaptchaAction == .signInWithPassword)
        #expect(AuthCall.CreateUser(email: "a@example.com", password: "p").recaptchaAction == .signUpPassword)
        #expect(AuthCall.SendPasswordRecoveryEmail(email: "a@example.com").recaptchaAction == .getOobCode)
        #expect(AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234").recaptchaAction == .sendVerificationCode)
        #expect(signIn.sending(recaptchaToken: "E2") == AuthCall.SignIn(email: "alice@example.com",
                                                                        password: "hunter22", recaptchaToken: "E2"))
    }
}

/// Operation 2 (`refused`) answered MISSING_RECAPTCHA_TOKEN: the challenge begins (operation 3) for the element that
/// made the call, `begun` shows its screen, and the listener waits (operation 4).
func showRecaptchaChallenge(_ begun: RecaptchaVerification.Start, refusing refused: Operation,
                            in store: inout NavigatorStore) {
    beginRecaptchaChallenge(refusing: refused, in: &store)
    presentRecaptchaChallenge(begun, refusing: refused, in: &store)
}

/// Operation 2 (`refused`) answered MISSING_RECAPTCHA_TOKEN: the challenge begins (operation 3) for the element that
/// made the call.
func beginRecaptchaChallenge(refusing refused: Operation, in store: inout NavigatorStore) {
    let begin = AuthCall.BeginRecaptcha(refusing: refused)
    store.send(.responded(operationID: 2, .failure(AuthError(.missingRecaptchaToken)))) {
        $0.presentation.replace(with: [busy(3, begin, by: refused.owner)])
        $0.nextOperationID = 4
    }
    store.expectEffects([.run(operationID: 3, begin)])
}

/// The challenge begun (operation 3) answers `begun`: its screen shows while the listener waits (operation 4).
func presentRecaptchaChallenge(_ begun: RecaptchaVerification.Start, refusing refused: Operation,
                               in store: inout NavigatorStore) {
    store.send(.responded(operationID: 3, .success(begun))) {
        $0.presentation.replace(with: [])
        $0.path.append(Route(RecaptchaVerification.State(start: begun, refused: refused, canOpenBrowser: false,
                                                         waitOperationID: 4)))
        $0.nextOperationID = 5
    }
    store.expectEffects([.run(operationID: 4, AuthCall.AwaitRecaptchaAnswer(begun))])
}
