import AuthCore
import Foundation
import Testing
@testable import AuthFlow

@Suite struct PasswordRecoveryTests {
    /// A signed-out store on the recovery route, reached through "Trouble signing in?" with the email typed.
    private func recoveryStore() -> NavigatorStore {
        var store = signedOutStore()
        store.type("alice@example.com")
        store.send(.focusMovedBackward) { $0.focus = .cancelButton }
        store.send(.focusMovedBackward) { $0.focus = .flowToggleLink }
        store.send(.focusMovedBackward) { $0.focus = .troubleSigningInLink }
        store.send(.activated) {
            $0.routes = [.passwordRecovery]
            $0.passwordRecovery.email = TextInput("alice@example.com")
            $0.focus = .recoveryEmailField
        }
        return store
    }

    @Test func theWholeRecoveryFlowEndsBackAtThePickerWithTheEmailFilledIn() {
        var store = recoveryStore()
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .sendingPasswordRecoveryEmail)
            $0.nextOperationID = 3
        }
        store.expectEffects([.sendPasswordRecoveryEmail(operationID: 2, email: "alice@example.com")])
        store.send(.responded(operationID: 2, .passwordRecoveryEmailSent(.success("alice@example.com")))) {
            $0.operation = nil
            $0.alert = .passwordRecoveryEmailSent(email: "alice@example.com")
        }
        store.send(.activated) {
            $0.alert = nil
            $0.passwordRecovery.step = .enterCode
            $0.focus = .resetCodeField
        }
        store.send(.edited(.insert("https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=C0DE\n"))) {
            $0.passwordRecovery.code.apply(.insert("https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=C0DE"))
        }
        store.send(.activated) { $0.focus = .newPasswordField }
        store.type("newpass1")
        store.send(.activated) { $0.focus = .confirmNewPasswordField }
        store.type("newpass1")
        store.send(.activated) {
            $0.operation = Operation(id: 3, kind: .resettingPassword)
            $0.nextOperationID = 4
        }
        store.expectEffects([.resetPassword(operationID: 3,
                                            codeOrLink: "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=C0DE",
                                            newPassword: "newpass1")])
        store.send(.responded(operationID: 3, .passwordReset(.success("alice@example.com")))) {
            $0.operation = nil
            $0.passwordRecovery.email = TextInput("alice@example.com")
            $0.alert = .passwordResetComplete
        }
        store.send(.activated) {
            $0.alert = nil
            $0.routes = []
            $0.passwordRecovery = PasswordRecoveryForm()
            $0.picker.email = TextInput("alice@example.com")
            $0.picker.password = TextInput()
            $0.focus = .passwordField
        }
        store.finish()
    }

    @Test func sendingIsRefusedForAnInvalidEmailAndTheRuleIsShown() {
        var store = signedOutStore()
        store.send(.focusMovedForward) { $0.focus = .passwordField }
        store.send(.focusMovedForward) { $0.focus = .submitButton }
        store.send(.focusMovedForward) { $0.focus = .troubleSigningInLink }
        store.send(.activated) {
            $0.routes = [.passwordRecovery]
            $0.focus = .recoveryEmailField
        }
        store.send(.activated) { $0.passwordRecovery.email.hasBeenEdited = true }
        #expect(store.state.visibleValidation(for: .recoveryEmailField)
            == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    @Test func recoveryErrorsAreShownNotSwallowed() {
        var store = recoveryStore()
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .sendingPasswordRecoveryEmail)
            $0.nextOperationID = 3
        }
        store.expectEffects([.sendPasswordRecoveryEmail(operationID: 2, email: "alice@example.com")])
        store.send(.responded(operationID: 2, .passwordRecoveryEmailSent(.failure(AuthError(.tooManyAttemptsTryLater))))) {
            $0.operation = nil
            $0.alert = .error(.tooManyAttemptsTryLater, during: .sendingPasswordRecoveryEmail)
        }
        store.finish()
    }

    @Test func alreadyHavingACodeSkipsToTheResetFormAndEscGoesBack() {
        var store = recoveryStore()
        store.send(.focusMovedBackward) { $0.focus = .haveResetCodeLink }
        store.send(.activated) {
            $0.passwordRecovery.step = .enterCode
            $0.focus = .resetCodeField
        }
        #expect(!store.state.isResetEnabled)
        store.send(.backRequested) {
            $0.routes = []
            $0.focus = .emailField
        }
        store.finish()
    }

    @Test func anExpiredCodeIsReportedAndTheFormKept() {
        var store = recoveryStore()
        store.send(.focusMovedBackward) { $0.focus = .haveResetCodeLink }
        store.send(.activated) {
            $0.passwordRecovery.step = .enterCode
            $0.focus = .resetCodeField
        }
        store.type("OLD")
        store.send(.focusMovedForward) { $0.focus = .newPasswordField }
        store.type("newpass1")
        store.send(.focusMovedForward) { $0.focus = .confirmNewPasswordField }
        store.type("newpass1")
        store.send(.focusMovedForward) { $0.focus = .resetPasswordButton }
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .resettingPassword)
            $0.nextOperationID = 3
        }
        store.expectEffects([.resetPassword(operationID: 2, codeOrLink: "OLD", newPassword: "newpass1")])
        store.send(.responded(operationID: 2, .passwordReset(.failure(AuthError(.expiredOobCode))))) {
            $0.operation = nil
            $0.alert = .error(.expiredOobCode, during: .resettingPassword)
        }
        store.send(.activated) { $0.alert = nil }
        #expect(store.state.passwordRecovery.code.text == "OLD")
        store.finish()
    }
}

@Suite struct InboxTests {
    private let reset = OutboxMessage(id: 7, kind: .passwordReset, recipient: "alice@example.com",
                                      link: "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=K",
                                      code: "K", sentAt: Date(timeIntervalSince1970: 0))

    @Test func theInboxOpensFromThePickerAndAResetEmailOpensTheResetForm() {
        var store = signedOutStore()
        store.send(.inboxToggled) { $0.operation = Operation(id: 2, kind: .loadingInbox); $0.nextOperationID = 3 }
        store.expectEffects([.loadInbox(operationID: 2)])
        store.send(.responded(operationID: 2, .inbox(.success([reset])))) {
            $0.operation = nil
            $0.inbox = InboxState(messages: [reset], selection: 0)
        }
        store.send(.selectionMoved(by: 1))
        store.send(.edited(.insert("x")))
        store.send(.activated) {
            $0.inbox = nil
            $0.routes = [.passwordRecovery]
            $0.passwordRecovery.email = TextInput("alice@example.com")
            $0.passwordRecovery.step = .enterCode
            $0.passwordRecovery.code = TextInput(reset.link!)
            $0.focus = .newPasswordField
        }
        store.finish()
    }

    @Test func escOrTheInboxKeyClosesIt() {
        var store = signedOutStore()
        store.send(.inboxToggled) { $0.operation = Operation(id: 2, kind: .loadingInbox); $0.nextOperationID = 3 }
        store.expectEffects([.loadInbox(operationID: 2)])
        store.send(.responded(operationID: 2, .inbox(.success([])))) {
            $0.operation = nil
            $0.inbox = InboxState()
        }
        store.send(.activated)
        store.send(.backRequested) { $0.inbox = nil }
        store.send(.inboxToggled) { $0.operation = Operation(id: 3, kind: .loadingInbox); $0.nextOperationID = 4 }
        store.expectEffects([.loadInbox(operationID: 3)])
        store.send(.responded(operationID: 3, .inbox(.success([reset])))) {
            $0.operation = nil
            $0.inbox = InboxState(messages: [reset], selection: 0)
        }
        store.send(.inboxToggled) { $0.inbox = nil }
        store.finish()
    }
}
