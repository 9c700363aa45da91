import AuthCore
import Testing
@testable import AuthFlow

@Suite struct EmailPasswordTests {
    @Test func signInWithEnterFromThePasswordField() {
        var store = aliceSigningIn()
        store.send(.responded(operationID: 2, .signIn(.success(.signedIn(alice))))) {
            $0.operation = nil
            $0.currentUser = alice
            $0.authenticationState = .authenticated
            $0.picker = PickerForm()
            $0.focus = .signOutButton
        }
        store.finish()
    }

    @Test func aWrongPasswordShowsTheErrorAndKeepsWhatWasTyped() {
        var store = signedOutStore()
        store.type("alice@example.com")
        store.send(.focusMovedForward) { $0.focus = .passwordField }
        store.type("wrong1")
        store.send(.focusMovedForward) { $0.focus = .submitButton }
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .signingIn,
                                     credential: .emailPassword(email: "alice@example.com", password: "wrong1"))
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signIn(operationID: 2, email: "alice@example.com", password: "wrong1")])
        let failure = AuthError(.invalidLoginCredentials)
        store.send(.responded(operationID: 2, .signIn(.failure(failure)))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.alert = .error(.invalidLoginCredentials, during: .signingIn)
        }
        // Keys other than Enter and Esc do nothing while the alert is up.
        store.send(.edited(.insert("x")))
        store.send(.focusMovedForward)
        store.send(.activated) { $0.alert = nil }
        #expect(store.state.picker.password.text == "wrong1")
        #expect(store.state.focus == .submitButton)
        store.finish()
    }

    @Test func submittingAnInvalidFormShowsTheRulesAndFocusesTheFirstProblem() {
        var store = signedOutStore()
        store.type("alice@")
        store.send(.focusMovedForward) { $0.focus = .passwordField }
        store.send(.focusMovedForward) { $0.focus = .submitButton }
        #expect(!store.state.isPickerSubmitEnabled)
        store.send(.activated) {
            $0.picker.password.hasBeenEdited = true
            $0.focus = .emailField
        }
        #expect(store.state.visibleValidation(for: .emailField) == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    @Test func validationAppearsOnlyAfterTheFirstEdit() {
        var store = signedOutStore()
        #expect(store.state.visibleValidation(for: .emailField).isEmpty)
        store.type("a")
        #expect(store.state.visibleValidation(for: .emailField) == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    @Test func signUpNeedsALongEnoughMatchingPasswordAndCreatesTheAccount() {
        var store = signedOutStore()
        let toggleIndex = store.state.focusOrder.firstIndex(of: .flowToggleLink)!
        for step in 1...toggleIndex {
            store.send(.focusMovedForward) { $0.focus = $0.focusOrder[step] }
        }
        store.send(.activated) { $0.authenticationFlow = .signUp }
        #expect(store.state.focusOrder == [.emailField, .passwordField, .confirmPasswordField, .submitButton,
                                           .flowToggleLink, .cancelButton])
        store.send(.focusMovedForward) { $0.focus = .cancelButton }
        store.send(.focusMovedForward) { $0.focus = .emailField }
        store.type("bob@example.com")
        store.send(.activated) { $0.focus = .passwordField }
        store.type("abc")
        #expect(store.state.visibleValidation(for: .passwordField)
            == [ValidationResult(rule: .passwordLength, isSatisfied: false)])
        store.type("def")
        store.send(.activated) { $0.focus = .confirmPasswordField }
        store.type("abcdeX")
        #expect(!store.state.isPickerSubmitEnabled)
        store.send(.edited(.deleteBackward)) { $0.picker.confirmPassword.apply(.deleteBackward) }
        store.type("f")
        #expect(store.state.isPickerSubmitEnabled)
        // Enter in the last field submits the form of the current flow (FirebaseUI always signs in here).
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .signingUp,
                                     credential: .emailPassword(email: "bob@example.com", password: "abcdef"))
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.createUser(operationID: 2, email: "bob@example.com", password: "abcdef")])
        store.send(.responded(operationID: 2, .signIn(.failure(AuthError(.emailExists))))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.alert = .error(.emailExists, during: .signingUp)
        }
        store.finish()
    }

    @Test func escStopsWaitingAndALateSuccessIsDiscarded() {
        var store = aliceSigningIn()
        store.send(.edited(.insert("x")))
        store.send(.backRequested) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
        }
        store.send(.responded(operationID: 2, .signIn(.success(.signedIn(alice)))))
        store.expectEffects([.discardSession])
        #expect(store.state.picker.password.text == "hunter22")
        store.finish()
    }

    @Test func revealToggles() {
        var store = signedOutStore()
        store.send(.passwordRevealToggled) { $0.isPasswordRevealed = true }
        store.send(.passwordRevealToggled) { $0.isPasswordRevealed = false }
        store.finish()
    }

    @Test func aSecondFactorRequirementOpensResolution() {
        var store = aliceSigningIn()
        let required = MFARequired(pendingCredential: "p", hints: [.totp(displayName: "phone app", uid: "f1")])
        store.send(.responded(operationID: 2, .signIn(.success(.mfaRequired(required))))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.routes = [.mfaResolution(required)]
        }
        store.finish()
    }
}
