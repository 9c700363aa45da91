import AuthCore
import Foundation
import Testing
@testable import AuthFlow

/// The signed-in screen (FirebaseUI's `SignedInView`): every action, what it says, and what it changes.
@Suite struct AccountTests {
    private let google = IdentityProviderButton.builtIn.first { $0.providerID == "google.com" }!
    private let verified = User(uid: "u1", email: "alice@example.com", isEmailVerified: true, providerIDs: ["password"])

    private func store(_ user: User, providers: [AuthProvider] = [.email]) -> NavigatorStore {
        NavigatorStore(state: signedInState(user, providers: providers))
    }

    @Test func theScreenOffersWhatTheAccountCanDo() {
        let alice = store(alice).state.accountForm
        #expect(alice.controls == [.verifyEmailButton, .updatePasswordButton, .updateProfileButton,
                                   .deleteAccountButton, .signOutButton])
        let bo = User(uid: "b", email: "bo@example.com", isEmailVerified: true, providerIDs: ["google.com"])
        let all = store(bo, providers: [.email, .emailLink, .phone, .anonymous, .identityProvider(google)]).state.accountForm
        // No verification once verified, no password to update, linking email/password and phone, no unlink of the last.
        #expect(all.controls == [.updateProfileButton, .linkButton(.email), .linkButton(.phone), .deleteAccountButton,
                                 .signOutButton])
        var mfa = NavigatorState(configuration: AuthConfiguration(mfaEnabled: true), providers: [.email])
        mfa.root = mfa.accountScreen(verified)
        #expect(mfa.accountForm.controls == [.updatePasswordButton, .updateProfileButton, .manageMFAButton,
                                             .deleteAccountButton, .signOutButton])
    }

    @Test func verifyingTheEmailSendsALinkWhosePastedLinkMarksItVerified() {
        var store = store(alice)
        store.send(.activated) { $0.presentation.replace(with: [busy(1, AuthCall.SendEmailVerification())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.SendEmailVerification())])
        store.send(.responded(operationID: 1, .success(alice))) {
            $0.presentation.replace(with: [okAlert(.emailVerificationSent(email: "alice@example.com"))])
            $0.accountForm.isVerificationSent = true
            $0.accountForm.focus = .verificationLinkField
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.type(" https://x/verify?oobCode=V1 ", into: \.accountForm.verificationLink)
        let apply = AuthCall.ApplyActionCode(codeOrLink: "https://x/verify?oobCode=V1")
        store.send(.activated) { $0.presentation.replace(with: [busy(2, apply)]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, apply)])
        store.send(.responded(operationID: 2, .success(verified))) {
            $0.presentation.replace(with: [okAlert(.emailVerified(email: "alice@example.com"))])
            $0.currentUser = self.verified
            $0.accountForm.user = self.verified
            $0.accountForm.isVerificationSent = false
            $0.accountForm.verificationLink = TextInput()
            $0.accountForm.focus = .updatePasswordButton
        }
        #expect(!store.state.accountForm.controls.contains(.verifyEmailButton))
        store.finish()
    }

    @Test func theVerificationEmailInTheInboxVerifies() {
        var store = store(alice)
        let message = OutboxMessage(id: 1, kind: .verifyEmail, recipient: "alice@example.com",
                                    link: "https://x/verify?oobCode=V1", code: "V1", sentAt: Date(timeIntervalSince1970: 0))
        #expect(store.state.canUse(message))
        #expect(!store.state.canUse(OutboxMessage(id: 2, kind: .verifyEmail, recipient: "bo@example.com", link: nil,
                                                  code: "V2", sentAt: Date(timeIntervalSince1970: 0))))
        store.send(.inboxToggled) { $0.presentation.replace(with: [busy(1, AuthCall.LoadInbox())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.LoadInbox())])
        store.send(.responded(operationID: 1, .success([message]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [message]))])
        }
        let apply = AuthCall.ApplyActionCode(codeOrLink: "https://x/verify?oobCode=V1")
        store.send(.activated) { $0.presentation.replace(with: [busy(2, apply)]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, apply)])
        store.finish()
    }

    @Test func updatingThePasswordUsesSignUpRulesThenSaysItWorked() {
        var store = store(alice)
        store.send(.focusMovedForward) { $0.accountForm.focus = .updatePasswordButton }
        store.send(.activated) { $0.path.replace(with: [.updatePassword(UpdatePassword.State(linkingEmail: nil))]) }
        #expect(store.state.updatePasswordForm.focus == .newPasswordField)
        store.type("abc", into: \.updatePasswordForm.newPassword)
        store.send(.activated) { $0.updatePasswordForm.focus = .confirmPasswordField }
        store.type("abd", into: \.updatePasswordForm.confirmPassword)
        // Too short and not matching: refused, the first failing field focused.
        store.send(.activated) {
            $0.updatePasswordForm.focus = .newPasswordField
        }
        #expect(store.state.updatePasswordForm.visibleValidation(for: .newPasswordField)
                == [ValidationResult(rule: .passwordLength, isSatisfied: false)])
        store.type("defg", into: \.updatePasswordForm.newPassword)
        store.send(.focusMovedForward) { $0.updatePasswordForm.focus = .confirmPasswordField }
        store.send(.edited(.deleteToStart)) { $0.updatePasswordForm.confirmPassword.apply(.deleteToStart) }
        store.type("abcdefg", into: \.updatePasswordForm.confirmPassword)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(1, AuthCall.UpdatePassword("abcdefg"), by: .route(1))])
            $0.nextOperationID = 2
        }
        store.expectEffects([.run(operationID: 1, AuthCall.UpdatePassword("abcdefg"))])
        store.send(.responded(operationID: 1, .success(alice))) {
            $0.presentation.replace(with: [okAlert(.passwordUpdated, then: .returnToAccount)])
        }
        store.send(.activated) { $0.presentation.replace(with: []); $0.path.replace(with: []) }
        store.finish()
    }

    @Test func theProfileTakesOnlyAnHTTPPhotoURL() {
        var store = store(verified)
        store.send(.focusMovedForward) { $0.accountForm.focus = .updateProfileButton }
        store.send(.activated) { $0.path.replace(with: [.updateProfile(UpdateProfile.State(user: self.verified))]) }
        store.type("Alice", into: \.profileForm.displayName)
        store.send(.focusMovedForward) { $0.profileForm.focus = .photoURLField }
        store.type("ftp://x/a.png", into: \.profileForm.photoURL)
        store.send(.activated)
        #expect(store.state.profileForm.visibleValidation(for: .photoURLField)
                == [ValidationResult(rule: .photoURL, isSatisfied: false)])
        store.send(.edited(.deleteToStart)) { $0.profileForm.photoURL.apply(.deleteToStart) }
        store.type("https://x/a.png", into: \.profileForm.photoURL)
        let save = AuthCall.UpdateProfile(displayName: "Alice", photoURL: "https://x/a.png")
        store.send(.activated) { $0.presentation.replace(with: [busy(1, save, by: .route(1))]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, save)])
        var named = verified
        named.displayName = "Alice"
        named.photoURL = "https://x/a.png"
        store.send(.responded(operationID: 1, .success(named))) {
            $0.presentation.replace(with: [okAlert(.profileUpdated, then: .returnToAccount)])
            $0.currentUser = named
            $0.accountForm.user = named
        }
        store.finish()
    }

    @Test func unlinkingAsksFirstAndNeverRemovesTheLastMethod() {
        let both = User(uid: "u1", email: "alice@example.com", isEmailVerified: true, providerIDs: ["password", "google.com"])
        var store = store(both, providers: [.email, .identityProvider(google)])
        #expect(store.state.accountForm.controls == [.updatePasswordButton, .updateProfileButton,
                                                     .unlinkButton(providerID: "password"),
                                                     .unlinkButton(providerID: "google.com"),
                                                     .deleteAccountButton, .signOutButton])
        store.send(.focusMovedBackward) { $0.accountForm.focus = .signOutButton }
        store.send(.focusMovedBackward) { $0.accountForm.focus = .deleteAccountButton }
        store.send(.focusMovedBackward) { $0.accountForm.focus = .unlinkButton(providerID: "google.com") }
        let unlink = AuthCall.Unlink(providerID: "google.com")
        var confirm = AlertPresentation(.confirmUnlink(providerID: "google.com"), buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.unlink, .start(unlink)),
        ])
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirm)]) }
        // Cancel is focused: Enter alone changes nothing.
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirm)]) }
        confirm.selection = 1
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(confirm)]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(1, unlink)])
            $0.nextOperationID = 2
        }
        store.expectEffects([.run(operationID: 1, unlink)])
        store.send(.responded(operationID: 1, .success(verified))) {
            $0.presentation.replace(with: [okAlert(.methodUnlinked(providerID: "google.com"))])
            $0.currentUser = self.verified
            $0.accountForm.user = self.verified
            $0.accountForm.focus = .updatePasswordButton
        }
        #expect(!store.state.accountForm.controls.contains { if case .unlinkButton = $0 { true } else { false } })
        store.finish()
    }

    @Test func deletingAsksWithCancelFocusedThenReturnsToThePicker() {
        var store = store(verified)
        store.send(.focusMovedBackward) { $0.accountForm.focus = .signOutButton }
        store.send(.focusMovedBackward) { $0.accountForm.focus = .deleteAccountButton }
        var confirm = AlertPresentation(.confirmDeleteAccount, buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.deleteAccount, .start(AuthCall.DeleteAccount())),
        ])
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirm)]) }
        #expect(confirm.buttons[confirm.selection].title == .cancel)
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.send(.activated) { $0.presentation.replace(with: [.alert(confirm)]) }
        confirm.selection = 1
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(confirm)]) }
        store.send(.activated) { $0.presentation.replace(with: [busy(1, AuthCall.DeleteAccount())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.DeleteAccount())])
        // The account must not be left half-deleted: Esc waits.
        store.send(.backRequested)
        store.send(.responded(operationID: 1, .success(true))) {
            $0.presentation.replace(with: [okAlert(.accountDeleted)])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker(AuthPicker.State(providers: [.email], showsCancelButton: true))
        }
        store.finish()
    }

    /// Link Phone from the account screen: the number sent (operation 1), the code typed and submitted; the link
    /// runs as operation 2.
    private func linkingAPhoneUpToItsCode() -> NavigatorStore {
        var store = store(verified, providers: [.email, .phone])
        store.send(.focusMovedForward) { $0.accountForm.focus = .updateProfileButton }
        store.send(.focusMovedForward) { $0.accountForm.focus = .linkButton(.phone) }
        store.send(.activated) { $0.path.replace(with: [.enterPhoneNumber(EnterPhoneNumber.State(country: $0.defaultCountry))]) }
        store.type("6505551234", into: \.phoneForm.number)
        let send = AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234")
        store.send(.activated) { $0.presentation.replace(with: [busy(1, send, by: .route(1))]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, send)])
        let sent = PhoneCodeSent(verificationID: "v1", phoneNumber: "+16505551234", sentAt: Date(timeIntervalSince1970: 0))
        store.send(.responded(operationID: 1, .success(sent))) {
            $0.presentation.replace(with: [])
            let code = VerificationCode.State(verificationID: "v1", phoneNumber: "+16505551234", sentAt: sent.sentAt)
            $0.path.append(.enterVerificationCode(code))
            $0.pendingCodes["+16505551234"] = code
        }
        store.type("123456", into: \.codeForm.code)
        let link = AuthCall.LinkCredential(.phone(verificationID: "v1", code: "123456"))
        store.send(.activated) { $0.presentation.replace(with: [busy(2, link, by: .route(2))]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, link)])
        return store
    }

    /// An account with a text-message second factor cannot take a phone number as a sign-in method: Link Phone
    /// says so (not enrolment's "add an email address"), and the number screen keeps what was typed.
    @Test func linkingAPhoneRefusedAsAFirstFactorSaysWhy() {
        var store = linkingAPhoneUpToItsCode()
        store.send(.responded(operationID: 2, .failure(AuthError(.unsupportedFirstFactor)))) {
            $0.presentation.replace(with: [okAlert(.phoneNumberProtectedBySecondFactor)])
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.send(.backRequested) { $0.path.removeLast() }
        #expect(store.state.phoneForm.number.text == "6505551234")
        store.finish()
    }

    @Test func linkingAPhoneLinksItsCodeInsteadOfSigningIn() {
        var store = linkingAPhoneUpToItsCode()
        var linked = verified
        linked.providerIDs.append("phone")
        linked.phoneNumber = "+16505551234"
        store.send(.responded(operationID: 2, .success(linked))) {
            $0.presentation.replace(with: [okAlert(.credentialLinked(providerID: "phone"))])
            $0.path.replace(with: [])
            $0.currentUser = linked
            $0.accountForm.user = linked
            $0.accountForm.focus = .updatePasswordButton
        }
        store.finish()
    }

    @Test func linkingEmailAndPasswordUsesTheSameRulesAsSignUp() {
        let bo = User(uid: "b", email: "bo@example.com", isEmailVerified: true, providerIDs: ["google.com"])
        var store = store(bo, providers: [.email, .identityProvider(google)])
        store.send(.focusMovedForward) { $0.accountForm.focus = .linkButton(.email) }
        store.send(.activated) { $0.path.replace(with: [.updatePassword(UpdatePassword.State(linkingEmail: "bo@example.com"))]) }
        #expect(store.state.updatePasswordForm.controls == [.emailField, .newPasswordField, .confirmPasswordField,
                                                            .submitButton])
        store.type("secret1", into: \.updatePasswordForm.newPassword)
        store.send(.activated) { $0.updatePasswordForm.focus = .confirmPasswordField }
        store.type("secret1", into: \.updatePasswordForm.confirmPassword)
        let link = AuthCall.LinkCredential(.emailPassword(email: "bo@example.com", password: "secret1"))
        store.send(.activated) { $0.presentation.replace(with: [busy(1, link, by: .route(1))]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, link)])
        store.finish()
    }

    @Test func withTwoStepVerificationTheSecondFactorsAreCounted() {
        var store = NavigatorStore(configuration: AuthConfiguration(mfaEnabled: true))
        store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
        store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
        store.send(.responded(operationID: 1, .success(SessionSnapshot(user: verified)))) {
            $0.presentation.replace(with: [busy(2, AuthCall.LoadSecondFactors())])
            $0.nextOperationID = 3
            $0.currentUser = self.verified
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(self.verified)
        }
        store.expectEffects([.run(operationID: 2, AuthCall.LoadSecondFactors())])
        let factor = MultiFactorInfo(uid: "f1", factor: .totp, displayName: nil, phoneNumber: nil,
                                     enrollmentDate: Date(timeIntervalSince1970: 0))
        store.send(.responded(operationID: 2, .success([factor]))) {
            $0.presentation.replace(with: [])
            $0.accountForm.secondFactorCount = 1
        }
        #expect(store.state.accountForm.controls.contains(.manageMFAButton))
        store.finish()
    }

    /// FirebaseUI keeps its ✕ on the signed-in view: Esc closes the app there too (signed in), and the footer says so;
    /// `shouldHideCancelButton` takes it away on both screens.
    @Test func escClosesTheAppFromTheAccountScreen() {
        var store = store(verified)
        #expect(store.state.keyBindings.contains(KeyBinding([.escape], .quit, .backRequested)))
        store.send(.backRequested)
        store.expectEffects([.quit])
        store.finish()
        let hidden = NavigatorStore(state: signedInState(verified, configuration: AuthConfiguration(shouldHideCancelButton: true)))
        #expect(!hidden.state.keyBindings.contains { $0.keys.contains(.escape) })
        hidden.finish()
    }

    @Test func aGuestIsOfferedTheUpgradePathsNotTheEmailActions() {
        let store = loadedStore(User(uid: "g1", isAnonymous: true))
        #expect(store.state.authenticationState == .unauthenticated)
        let picker = store.state.pickerForm
        #expect(picker.isGuest)
        #expect(picker.controls.contains(.submitButton) && picker.controls.contains(.signOutButton))
        #expect(store.state.accountFormIfShown == nil)
        store.finish()
    }
}

extension NavigatorState {
    /// The account screen, when it is the root.
    var accountFormIfShown: SignedIn.State? {
        if case .signedIn(let account) = root { account } else { nil }
    }
}
