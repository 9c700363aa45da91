import AuthCore
import Foundation
import Testing
@testable import AuthFlow

@Suite struct PasswordRecoveryTests {
    /// A signed-out store on the recovery route, reached through "Trouble signing in?" with the email typed.
    private func recoveryStore() -> NavigatorStore {
        var store = signedOutStore()
        store.type("alice@example.com", into: \.pickerForm.email)
        store.send(.focusMovedForward) { $0.pickerForm.focus = .passwordField }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .troubleSigningInLink }
        store.send(.activated) { $0.path.replace(with: [.passwordRecovery(PasswordRecovery.State(email: "alice@example.com"))]) }
        return store
    }

    private let resetLink = "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=C0DE"

    @Test func theWholeRecoveryFlowEndsBackAtThePickerWithTheEmailFilledIn() {
        var store = recoveryStore()
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SendPasswordRecoveryEmail(email: "alice@example.com"), by: .route(1))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SendPasswordRecoveryEmail(email: "alice@example.com"))])
        store.send(.responded(operationID: 2, .success("alice@example.com"))) {
            $0.presentation.replace(with: [okAlert(.passwordRecoveryEmailSent(email: "alice@example.com"), then: .showResetForm)])
        }
        store.send(.activated) {
            $0.presentation.replace(with: [])
            $0.recovery.step = .enterCode
            $0.recovery.focus = .codeField
        }
        store.send(.edited(.insert(resetLink + "\n"))) { $0.recovery.code.apply(.insert(self.resetLink)) }
        store.send(.activated) { $0.recovery.focus = .newPasswordField }
        store.type("newpass1", into: \.recovery.newPassword)
        store.send(.activated) { $0.recovery.focus = .confirmNewPasswordField }
        store.type("newpass1", into: \.recovery.confirmNewPassword)
        let reset = AuthCall.ResetPassword(codeOrLink: resetLink, newPassword: "newpass1")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, reset, by: .route(1))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, reset)])
        store.send(.responded(operationID: 3, .success("alice@example.com"))) {
            $0.presentation.replace(with: [okAlert(.passwordResetComplete, then: .returnToSignIn(email: "alice@example.com"))])
        }
        store.send(.activated) {
            $0.presentation.replace(with: [])
            $0.path.replace(with: [])
            var picker = AuthPicker.State(providers: [.email], showsCancelButton: true, email: "alice@example.com")
            picker.focus = .passwordField
            $0.root = .picker(picker)
        }
        store.finish()
    }

    @Test func sendingIsRefusedForAnInvalidEmailAndTheRuleIsShown() {
        var store = signedOutStore()
        store.send(.focusMovedForward) { $0.pickerForm.focus = .passwordField }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .troubleSigningInLink }
        store.send(.activated) { $0.path.replace(with: [.passwordRecovery(PasswordRecovery.State())]) }
        store.send(.activated) { $0.recovery.email.hasBeenEdited = true }
        #expect(store.state.recovery.visibleValidation(for: .emailField)
            == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    @Test func recoveryErrorsAreShownNotSwallowed() {
        var store = recoveryStore()
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SendPasswordRecoveryEmail(email: "alice@example.com"), by: .route(1))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SendPasswordRecoveryEmail(email: "alice@example.com"))])
        store.send(.responded(operationID: 2, .failure(AuthError(.tooManyAttemptsTryLater)))) {
            $0.presentation.replace(with: [okAlert(.error(.tooManyAttemptsTryLater, during: .sendingPasswordRecoveryEmail))])
        }
        store.finish()
    }

    @Test func alreadyHavingACodeSkipsToTheResetFormAndEscDropsTheRoute() {
        var store = recoveryStore()
        store.send(.focusMovedBackward) { $0.recovery.focus = .haveResetCodeLink }
        store.send(.activated) {
            $0.recovery.step = .enterCode
            $0.recovery.focus = .codeField
        }
        #expect(!store.state.recovery.isResetEnabled)
        store.send(.backRequested) { $0.path.replace(with: []) }
        store.finish()
    }

    /// Regression (issue 13 item 6): Enter with an empty code was silent.
    @Test func resettingWithoutACodeSaysWhatIsMissingAndFocusesIt() {
        var store = recoveryStore()
        store.send(.focusMovedBackward) { $0.recovery.focus = .haveResetCodeLink }
        store.send(.activated) { $0.recovery.step = .enterCode; $0.recovery.focus = .codeField }
        store.send(.activated) { $0.recovery.focus = .newPasswordField }
        store.type("secret-1", into: \.recovery.newPassword)
        store.send(.activated) { $0.recovery.focus = .confirmNewPasswordField }
        store.type("secret-1", into: \.recovery.confirmNewPassword)
        store.send(.activated) {
            $0.recovery.code.hasBeenEdited = true
            $0.recovery.focus = .codeField
        }
        #expect(store.state.recovery.visibleValidation(for: .codeField)
            == [ValidationResult(rule: .resetCode, isSatisfied: false)])
        store.finish()
    }

    /// Enter on an empty reset form: nothing was confirmed, so the match rule is not met (no "✓ Passwords must match").
    @Test func anEmptyConfirmationDoesNotMatch() {
        var store = recoveryStore()
        store.send(.focusMovedBackward) { $0.recovery.focus = .haveResetCodeLink }
        store.send(.activated) { $0.recovery.step = .enterCode; $0.recovery.focus = .codeField }
        store.type(resetLink, into: \.recovery.code)
        store.send(.focusMovedForward) { $0.recovery.focus = .newPasswordField }
        store.send(.focusMovedForward) { $0.recovery.focus = .confirmNewPasswordField }
        store.send(.focusMovedForward) { $0.recovery.focus = .resetButton }
        store.send(.activated) {
            $0.recovery.newPassword.hasBeenEdited = true
            $0.recovery.confirmNewPassword.hasBeenEdited = true
            $0.recovery.focus = .newPasswordField
        }
        #expect(store.state.recovery.visibleValidation(for: .confirmNewPasswordField)
            == [ValidationResult(rule: .passwordsMatch, isSatisfied: false)])
        store.finish()
    }

    @Test func anExpiredCodeIsReportedAndTheFormKept() {
        var store = recoveryStore()
        store.send(.focusMovedBackward) { $0.recovery.focus = .haveResetCodeLink }
        store.send(.activated) {
            $0.recovery.step = .enterCode
            $0.recovery.focus = .codeField
        }
        store.type("OLD", into: \.recovery.code)
        store.send(.focusMovedForward) { $0.recovery.focus = .newPasswordField }
        store.type("newpass1", into: \.recovery.newPassword)
        store.send(.focusMovedForward) { $0.recovery.focus = .confirmNewPasswordField }
        store.type("newpass1", into: \.recovery.confirmNewPassword)
        store.send(.focusMovedForward) { $0.recovery.focus = .resetButton }
        let reset = AuthCall.ResetPassword(codeOrLink: "OLD", newPassword: "newpass1")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, reset, by: .route(1))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, reset)])
        store.send(.responded(operationID: 2, .failure(AuthError(.expiredOobCode)))) {
            $0.presentation.replace(with: [okAlert(.error(.expiredOobCode, during: .resettingPassword))])
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        #expect(store.state.recovery.code.text == "OLD")
        store.finish()
    }
}

@Suite struct InboxTests {
    private let reset = OutboxMessage(id: 7, kind: .passwordReset, recipient: "alice@example.com",
                                      link: "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=K",
                                      code: "K", sentAt: Date(timeIntervalSince1970: 0))

    @Test func theInboxOpensFromThePickerAndAResetEmailOpensTheResetForm() {
        var store = signedOutStore()
        store.send(.inboxToggled) { $0.presentation.replace(with: [busy(2, AuthCall.LoadInbox())]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, AuthCall.LoadInbox())])
        store.send(.responded(operationID: 2, .success([reset]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [self.reset], selection: 0))])
        }
        store.send(.selectionMoved(by: 1))
        store.send(.edited(.insert("x")))
        store.send(.activated) {
            $0.presentation.replace(with: [])
            var recovery = PasswordRecovery.State(email: "alice@example.com")
            recovery.step = .enterCode
            recovery.code = TextInput(self.reset.link!)
            recovery.focus = .newPasswordField
            $0.path.replace(with: [.passwordRecovery(recovery)])
        }
        store.finish()
    }

    /// Found by the random walk: a reset used where the picker has no password field led back to a picker
    /// focused on a field it did not have.
    @Test func aResetEmailIsNotUsedWherePasswordsAreNotOffered() {
        let store = NavigatorStore(providers: [.emailLink, .identityProvider(IdentityProviderButton.builtIn[0])])
        #expect(!store.state.canUse(reset))
        #expect(signedOutStore().state.canUse(reset))
    }

    @Test func escOrTheInboxKeyClosesIt() {
        var store = signedOutStore()
        store.send(.inboxToggled) { $0.presentation.replace(with: [busy(2, AuthCall.LoadInbox())]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, AuthCall.LoadInbox())])
        store.send(.responded(operationID: 2, .success([OutboxMessage]()))) { $0.presentation.replace(with: [.inbox(Inbox.State())]) }
        store.send(.activated)
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.send(.inboxToggled) { $0.presentation.replace(with: [busy(3, AuthCall.LoadInbox())]); $0.nextOperationID = 4 }
        store.expectEffects([.run(operationID: 3, AuthCall.LoadInbox())])
        store.send(.responded(operationID: 3, .success([reset]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [self.reset], selection: 0))])
        }
        store.send(.inboxToggled) { $0.presentation.replace(with: []) }
        store.finish()
    }
}
