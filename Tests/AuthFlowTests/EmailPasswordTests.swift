import AuthCore
import Testing
@testable import AuthFlow

@Suite struct EmailPasswordTests {
    @Test func signInWithEnterFromThePasswordField() {
        var store = aliceSigningIn()
        store.send(.responded(operationID: 2, .success(SignInOutcome.signedIn(alice)))) {
            $0.presentation.replace(with: [])
            $0.currentUser = alice
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(alice)
        }
        store.finish()
    }

    @Test func aWrongPasswordShowsTheErrorAndKeepsWhatWasTyped() {
        var store = filledSignInForm(email: "alice@example.com", password: "wrong1")
        let call = AuthCall.SignIn(email: "alice@example.com", password: "wrong1")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, call)])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, call)])
        store.send(.responded(operationID: 2, .failure(AuthError(.invalidLoginCredentials)))) {
            $0.presentation.replace(with: [okAlert(.error(.invalidLoginCredentials, during: .signingIn))])
            $0.authenticationState = .unauthenticated
        }
        // Keys other than Enter and Esc do nothing while the alert is up.
        store.send(.edited(.insert("x")))
        store.send(.focusMovedForward)
        store.send(.activated) { $0.presentation.replace(with: []) }
        #expect(store.state.picker?.password.text == "wrong1")
        #expect(store.state.picker?.focus == .submitButton)
        store.finish()
    }

    @Test func submittingAnInvalidFormShowsTheRulesAndFocusesTheFirstProblem() {
        var store = signedOutStore()
        store.type("alice@", into: \.pickerForm.email)
        store.send(.focusMovedForward) { $0.pickerForm.focus = .passwordField }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .troubleSigningInLink }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .submitButton }
        #expect(store.state.picker?.isSubmitEnabled == false)
        store.send(.activated) {
            $0.pickerForm.password.hasBeenEdited = true
            $0.pickerForm.focus = .emailField
            $0.pickerForm.wasSubmitRefused = true
        }
        #expect(store.state.picker?.visibleValidation(for: .emailField) == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    @Test func validationAppearsOnlyAfterTheFirstEdit() {
        var store = signedOutStore()
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .cancelButton }
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .flowToggleLink }
        store.send(.activated) { $0.pickerForm.flow = .signUp; $0.pickerForm.focus = .emailField }
        #expect(store.state.picker?.visibleValidation(for: .emailField).isEmpty == true)
        store.type("a", into: \.pickerForm.email)
        #expect(store.state.picker?.visibleValidation(for: .emailField) == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    /// Regression (issue 13 item 18): as in FirebaseUI, sign-in shows no rule while typing; a refused
    /// submit still says what is wrong.
    @Test func signInShowsTheEmailRuleOnlyOnceASubmitIsRefused() {
        var store = signedOutStore()
        store.type("alice@", into: \.pickerForm.email)
        #expect(store.state.picker?.visibleValidation(for: .emailField).isEmpty == true)
        store.send(.focusMovedForward) { $0.pickerForm.focus = .passwordField }
        store.type("secret-1", into: \.pickerForm.password)
        #expect(store.state.picker?.isSubmitEnabled == false, "an invalid email still keeps sign-in from submitting")
        store.send(.activated) { $0.pickerForm.focus = .emailField; $0.pickerForm.wasSubmitRefused = true }
        #expect(store.state.picker?.visibleValidation(for: .emailField) == [ValidationResult(rule: .email, isSatisfied: false)])
        store.finish()
    }

    /// Switching between sign-in and sign-up takes the focus to the first field that needs input, else to the
    /// main button: a keyboard user does not have to find the form again from the link.
    @Test func switchingTheFlowFocusesTheFirstFieldThatNeedsInput() {
        var store = filledSignInForm(email: "bob@example.com", password: "secret1")
        store.send(.focusMovedForward) { $0.pickerForm.focus = .flowToggleLink }
        store.send(.activated) { $0.pickerForm.flow = .signUp; $0.pickerForm.focus = .confirmPasswordField }
        store.type("secret1", into: \.pickerForm.confirmPassword)
        store.send(.focusMovedForward) { $0.pickerForm.focus = .submitButton }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .flowToggleLink }
        // Everything sign-in needs is typed: Enter is one key away.
        store.send(.activated) { $0.pickerForm.flow = .signIn; $0.pickerForm.focus = .submitButton }
        // A password too short for a new account is the field to fix.
        store.send(.focusMovedForward) { $0.pickerForm.focus = .flowToggleLink }
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .submitButton }
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .troubleSigningInLink }
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .passwordField }
        for _ in 0..<2 { store.send(.edited(.deleteBackward)) { $0.pickerForm.password.apply(.deleteBackward) } }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .troubleSigningInLink }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .submitButton }
        store.send(.focusMovedForward) { $0.pickerForm.focus = .flowToggleLink }
        store.send(.activated) { $0.pickerForm.flow = .signUp; $0.pickerForm.focus = .passwordField }
        store.finish()
    }

    @Test func signUpNeedsALongEnoughMatchingPasswordAndCreatesTheAccount() {
        var store = signedOutStore()
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .cancelButton }
        store.send(.focusMovedBackward) { $0.pickerForm.focus = .flowToggleLink }
        store.send(.activated) { $0.pickerForm.flow = .signUp; $0.pickerForm.focus = .emailField }
        #expect(store.state.picker?.controls == [.emailField, .passwordField, .confirmPasswordField, .submitButton,
                                                 .flowToggleLink, .cancelButton])
        store.type("bob@example.com", into: \.pickerForm.email)
        store.send(.activated) { $0.pickerForm.focus = .passwordField }
        store.type("abc", into: \.pickerForm.password)
        #expect(store.state.picker?.visibleValidation(for: .passwordField)
            == [ValidationResult(rule: .passwordLength, isSatisfied: false)])
        store.type("def", into: \.pickerForm.password)
        store.send(.activated) { $0.pickerForm.focus = .confirmPasswordField }
        store.type("abcdeX", into: \.pickerForm.confirmPassword)
        #expect(store.state.picker?.isSubmitEnabled == false)
        store.send(.edited(.deleteBackward)) { $0.pickerForm.confirmPassword.apply(.deleteBackward) }
        store.type("f", into: \.pickerForm.confirmPassword)
        #expect(store.state.picker?.isSubmitEnabled == true)
        // Enter in the last field submits the form of the current flow (FirebaseUI always signs in here).
        let call = AuthCall.CreateUser(email: "bob@example.com", password: "abcdef")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, call)])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, call)])
        store.send(.responded(operationID: 2, .failure(AuthError(.emailExists)))) {
            $0.presentation.replace(with: [okAlert(.error(.emailExists, during: .signingUp))])
            $0.authenticationState = .unauthenticated
        }
        store.finish()
    }

    /// Regression: Esc only stopped waiting; the call went on. Now its task is cancelled too.
    @Test func escCancelsTheCallAndALateSuccessIsDiscarded() {
        var store = aliceSigningIn()
        store.send(.edited(.insert("x")))
        store.send(.backRequested) {
            $0.presentation.replace(with: [])
            $0.authenticationState = .unauthenticated
        }
        store.expectEffects([.cancel(operationID: 2)])
        store.send(.responded(operationID: 2, .success(SignInOutcome.signedIn(alice))))
        store.expectEffects([.discardSession])
        #expect(store.state.picker?.password.text == "hunter22")
        store.finish()
    }

    @Test func revealTogglesOnlyOnAPasswordField() {
        var store = signedOutStore()
        store.send(.passwordRevealToggled)
        store.send(.focusMovedForward) { $0.pickerForm.focus = .passwordField }
        store.send(.passwordRevealToggled) { $0.isPasswordRevealed = true }
        store.send(.passwordRevealToggled) { $0.isPasswordRevealed = false }
        store.finish()
    }
}
