import Foundation
import AuthCore
import Testing
@testable import AuthFlow

/// Alice's password was right; her account wants a second factor.
private func resolutionStore(_ hints: [MFAHint]) -> (NavigatorStore, MFARequired) {
    var store = aliceSigningIn()
    let required = MFARequired(pendingCredential: "pending", hints: hints)
    store.send(.responded(operationID: 2, .success(SignInOutcome.mfaRequired(required)))) {
        $0.presentation.replace(with: [])
        $0.authenticationState = .unauthenticated
        $0.path.replace(with: [.mfaResolution(MFAResolution.State(required: required))])
    }
    return (store, required)
}

/// Regression: a second-factor requirement used to push a route with no screen and no keys.
@Suite struct MFAResolutionTests {
    private let app = MFAHint.totp(displayName: "work phone", uid: "f1")
    private let sms = MFAHint.phone(displayName: nil, uid: "f2", phoneNumber: "+*******1234")

    @Test func anAuthenticatorAppCodeFinishesTheSignIn() {
        var (store, required) = resolutionStore([app, sms])
        var expected = MFAResolution.State(required: required)
        #expect(expected.focus == .codeField)
        #expect(expected.controls == [.hint(0), .hint(1), .codeField, .verifyButton, .cancelButton])
        store.send(.edited(.insert("12 34 56"))) {
            expected.code = TextInput("123456")
            expected.code.hasBeenEdited = true
            $0.path.replace(with: [.mfaResolution(expected)])
        }
        verifyingSecondFactor(AuthCall.ResolveSecondFactor(required, .totp(sessionInfo: "f1", code: "123456")), id: 3,
                              in: &store)
        store.send(.responded(operationID: 3, .success(SignInOutcome.signedIn(alice)))) {
            $0.presentation.replace(with: [])
            $0.path.replace(with: [])
            $0.currentUser = alice
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(alice)
        }
        store.finish()
    }

    /// Issue 31 item 3: "Send code" sends the text message, as FirebaseUI's view; the code comes after.
    @Test func aTextMessageIsSentThenItsCodeIsTyped() {
        var (store, required) = resolutionStore([sms])
        var expected = MFAResolution.State(required: required)
        #expect(expected.focus == .sendCodeButton)
        #expect(expected.controls == [.hint(0), .sendCodeButton, .cancelButton])
        let send = AuthCall.SendSecondFactorCode(required, hintUID: "f2")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, send, by: .route(1))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, send)])
        store.send(.responded(operationID: 3, .success("session-1"))) {
            expected.verificationID = "session-1"
            expected.focus = .codeField
            $0.presentation.replace(with: [])
            $0.path.replace(with: [.mfaResolution(expected)])
        }
        store.send(.edited(.insert("654321"))) {
            expected.code.apply(.insert("654321"))
            $0.path.replace(with: [.mfaResolution(expected)])
        }
        verifyingSecondFactor(AuthCall.ResolveSecondFactor(required, .phone(verificationID: "session-1", code: "654321")),
                              id: 4, in: &store)
        store.finish()
    }

    /// Issue 31 item 3: Enter on the text-message factor only chooses it; nothing is sent before "Send code".
    @Test func choosingATextMessageFactorSendsNothing() {
        var (store, required) = resolutionStore([app, sms])
        var expected = MFAResolution.State(required: required)
        store.send(.focusMovedBackward) {
            expected.focus = .hint(1)
            $0.path.replace(with: [.mfaResolution(expected)])
        }
        store.send(.activated) {
            expected.selection = 1
            expected.focus = .sendCodeButton
            $0.path.replace(with: [.mfaResolution(expected)])
        }
        #expect(expected.controls == [.hint(0), .hint(1), .sendCodeButton, .cancelButton])
        store.finish()
    }

    @Test func cancelReturnsToThePickerSignedOut() {
        var (store, _) = resolutionStore([app])
        store.send(.focusMovedForward) { $0.path.replace(with: [.mfaResolution({ var s = MFAResolution.State(required: MFARequired(
            pendingCredential: "pending", hints: [self.app])); s.focus = .verifyButton; return s }())]) }
        store.send(.focusMovedForward) { $0.path.replace(with: [.mfaResolution({ var s = MFAResolution.State(required: MFARequired(
            pendingCredential: "pending", hints: [self.app])); s.focus = .cancelButton; return s }())]) }
        store.send(.activated) { $0.path.replace(with: []) }
        #expect(store.state.authenticationState == .unauthenticated)
        store.finish()
    }

    @Test func anIncompleteCodeIsNotSent() {
        var (store, required) = resolutionStore([app])
        var expected = MFAResolution.State(required: required)
        store.send(.edited(.insert("123"))) {
            expected.code.apply(.insert("123"))
            $0.path.replace(with: [.mfaResolution(expected)])
        }
        store.send(.activated)
        store.finish()
    }
}

@Suite struct MFAResolutionFailureTests {
    private let app = MFAHint.totp(displayName: "work phone", uid: "f1")

    /// Alice typed a code of her authenticator app and sent it (operation #3).
    private func verifyingStore(_ code: String) -> (NavigatorStore, AuthFlow.Operation) {
        var (store, required) = resolutionStore([app])
        store.send(.edited(.insert(code))) {
            $0.resolutionForm.code = TextInput(code)
            $0.resolutionForm.code.hasBeenEdited = true
        }
        let operation = AuthFlow.Operation(id: 3, call: AuthCall.ResolveSecondFactor(required, .totp(sessionInfo: "f1", code: code)), owner: .route(1))
        store.send(.activated) {
            $0.presentation.replace(with: [.busy(operation)])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, operation.call)])
        return (store, operation)
    }

    @Test func aWrongOrReusedCodeIsReportedAndCleared() {
        var (store, operation) = verifyingStore("123456")
        store.send(.responded(operationID: 3, .failure(AuthError(.invalidCode)))) {
            $0.presentation.replace(with: [.alert(.failure(.invalidCode, of: operation))])
            $0.authenticationState = .unauthenticated
            $0.resolutionForm.code = TextInput()
        }
        #expect(store.state.alert?.content == .error(.invalidCode, during: .verifyingSecondFactor))
        store.finish()
    }

    @Test func theRateLimitIsReportedAndTheCodeKept() {
        var (store, operation) = verifyingStore("654321")
        store.send(.responded(operationID: 3, .failure(AuthError(.tooManyAttemptsTryLater)))) {
            $0.presentation.replace(with: [.alert(.failure(.tooManyAttemptsTryLater, of: operation))])
            $0.authenticationState = .unauthenticated
        }
        store.finish()
    }
}

@Suite struct MFAResolutionInboxTests {
    @Test func theTextMessageOfTheChosenPhoneIsUsedFromTheInbox() {
        var (store, required) = resolutionStore([.phone(displayName: nil, uid: "f2", phoneNumber: "+*******1234")])
        let sent = OutboxMessage(id: 1, kind: .sms, recipient: "+16505551234", link: nil, code: "314159",
                                 sentAt: Date(timeIntervalSince1970: 0))
        let other = OutboxMessage(id: 2, kind: .sms, recipient: "+16505559999", link: nil, code: "271828",
                                  sentAt: Date(timeIntervalSince1970: 0))
        // Before the text message is sent, no code is awaited.
        #expect(!store.state.canUse(sent))
        let send = AuthCall.SendSecondFactorCode(required, hintUID: "f2")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, send, by: .route(1))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, send)])
        store.send(.responded(operationID: 3, .success("session-1"))) {
            $0.presentation.replace(with: [])
            $0.resolutionForm.verificationID = "session-1"
            $0.resolutionForm.focus = .codeField
        }
        #expect(store.state.canUse(sent))
        #expect(!store.state.canUse(other), "a message to another number ends in other digits")
        store.send(.inboxToggled) {
            $0.presentation.replace(with: [busy(4, AuthCall.LoadInbox(), by: .route(1))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.LoadInbox())])
        store.send(.responded(operationID: 4, .success([other, sent]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [other, sent]))])
        }
        let resolve = AuthCall.ResolveSecondFactor(required, .phone(verificationID: "session-1", code: "314159"))
        store.send(.activated) {
            $0.resolutionForm.code = TextInput("314159")
            $0.resolutionForm.focus = .verifyButton
            $0.presentation.replace(with: [busy(5, resolve, by: .route(1))])
            $0.nextOperationID = 6
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 5, resolve)])
        store.finish()
    }
}
