import AuthCore
import Foundation
import Testing
@testable import AuthFlow

private let google = IdentityProviderButton.builtIn[0]
private let guest = User(uid: "guest-1", isAnonymous: true)
private let allMethods: [AuthProvider] = [.email, .phone, .emailLink, .anonymous, .identityProvider(google)]

/// A signed-out store offering several methods, its session loaded.
private func methodsStore(_ configuration: AuthConfiguration = AuthConfiguration(),
                          providers: [AuthProvider] = allMethods,
                          user: User? = nil, emailForLink: String? = nil) -> NavigatorStore {
    var store = NavigatorStore(state: NavigatorState(configuration: configuration, providers: providers))
    store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
    store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
    let snapshot = SessionSnapshot(user: user, emailForLink: emailForLink)
    store.send(.responded(operationID: 1, .success(snapshot))) {
        $0.presentation.replace(with: [])
        $0.currentUser = user
        $0.emailForLink = emailForLink
        if user?.isAnonymous == true {
            $0.pickerForm.isGuest = true
            $0.pickerForm.focus = $0.pickerForm.controls[0]
        }
    }
    return store
}

/// Moves focus on the picker with Shift-Tab (from the Cancel end) until `control` is focused.
private func focusPicker(_ control: AuthPicker.Control, in store: inout NavigatorStore) {
    let order = store.state.picker!.controls
    var index = order.firstIndex(of: store.state.picker!.focus)!
    while order[index] != control {
        index = (index + order.count - 1) % order.count
        let next = order[index]
        store.send(.focusMovedBackward) { $0.pickerForm.focus = next }
    }
}

@Suite struct ProviderButtonTests {
    @Test func theEmailLinkButtonComesFirstThenRegistrationOrder() {
        let store = methodsStore()
        #expect(store.state.picker?.providerButtons == [.emailLink, .phone, .anonymous, .identityProvider(google)])
        #expect(store.state.picker?.controls.suffix(5) == [.providerButton(.emailLink), .providerButton(.phone),
                                                          .providerButton(.anonymous),
                                                          .providerButton(.identityProvider(google)), .cancelButton])
    }

    @Test func onlyEnabledMethodsAreOffered() {
        let store = methodsStore(providers: [.identityProvider(google)])
        #expect(store.state.picker?.controls == [.providerButton(.identityProvider(google)), .cancelButton])
    }
}

@Suite struct GuestTests {
    @Test func continueAsGuestSignsInAnonymouslyAndStaysOnThePicker() {
        var store = methodsStore()
        focusPicker(.providerButton(.anonymous), in: &store)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SignInAnonymously())])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SignInAnonymously())])
        store.send(.responded(operationID: 2, .success(SignInOutcome.signedIn(guest)))) {
            $0.presentation.replace(with: [])
            $0.currentUser = guest
            $0.authenticationState = .unauthenticated
            $0.pickerForm.focus = .emailField
            $0.pickerForm.isGuest = true
        }
        store.finish()
    }

    /// Regression (issue 13 item 20): a guest could not sign out, and "Continue as guest" stayed as a no-op;
    /// with anonymous sign-in alone the guest was stuck.
    @Test func aGuestGetsSignOutInsteadOfContinueAsGuest() {
        var store = methodsStore(providers: [.anonymous], user: guest)
        #expect(store.state.pickerForm.controls == [.signOutButton, .cancelButton])
        #expect(store.state.pickerForm.focus == .signOutButton)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SignOut())])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SignOut())])
        store.send(.responded(operationID: 2, .success(true))) {
            $0.presentation.replace(with: [])
            $0.currentUser = nil
            $0.pickerForm.isGuest = false
            $0.pickerForm.focus = .providerButton(.anonymous)
        }
        #expect(store.state.pickerForm.controls == [.providerButton(.anonymous), .cancelButton])
        store.finish()
    }

    /// Issue 31 item 4: a guest's sign-in to an existing account with a password replaced the guest without a
    /// word, while the provider path asked; now it asks first too, Cancel focused.
    @Test func aGuestSigningInWithAPasswordIsAskedFirst() {
        var store = methodsStore(AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true), user: guest)
        #expect(store.state.pickerForm.focus == .emailField)
        store.type("ann@example.com", into: \.pickerForm.email)
        store.send(.activated) { $0.pickerForm.focus = .passwordField }
        store.type("secret1", into: \.pickerForm.password)
        let signIn = AuthCall(AuthCall.SignIn(email: "ann@example.com", password: "secret1"))
        store.send(.activated) { $0.presentation.replace(with: [.alert(.confirmEndingGuestSession(before: signIn))]) }
        #expect(store.state.alert?.buttons.map(\.title) == [.cancel, .continue])
        var kept = store
        kept.send(.activated) { $0.presentation.replace(with: []) }
        #expect(kept.state.currentUser == guest)
        kept.finish()
        var moved = AlertPresentation.confirmEndingGuestSession(before: signIn)
        moved.selection = 1
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(moved)]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SignIn(email: "ann@example.com", password: "secret1"))])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, signIn)])
        store.finish()
    }

    /// Issue 31 item 4: without guest upgrades every sign-in ends the guest session, so every path asks.
    @Test func withoutGuestUpgradesAProviderSignInAsksFirst() {
        var store = methodsStore(user: guest)
        focusPicker(.providerButton(.identityProvider(google)), in: &store)
        store.send(.activated) { $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: google, use: .signIn))]) }
        store.type("ann@example.com", into: \.providerSheet.email)
        let credential = store.state.providerSheet.credential
        store.send(.activated) { $0.providerSheet.focus = .nameField }
        let signIn = AuthCall(AuthCall.SignInWithCredential(credential))
        store.send(.activated) { $0.presentation.replace(with: [.alert(.confirmEndingGuestSession(before: signIn))]) }
        store.finish()
    }

    /// An upgraded guest becomes the new account: creating it asks nothing.
    @Test func anUpgradedGuestCreatesAnAccountWithoutBeingAsked() {
        let signUp = AuthCall.CreateUser(email: "ann@example.com", password: "secret1")
        var upgrading = NavigatorState(configuration: AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true),
                                       providers: allMethods)
        upgrading.currentUser = guest
        #expect(upgrading.start(signUp) == [.run(operationID: 1, AuthCall(signUp))])
        #expect(upgrading.alert == nil)
        var replacing = NavigatorState(configuration: AuthConfiguration(), providers: allMethods)
        replacing.currentUser = guest
        #expect(replacing.start(signUp).isEmpty)
        #expect(replacing.alert == .confirmEndingGuestSession(before: AuthCall(signUp)))
    }

    /// Regression (issue 13 item 21): the guest was dropped without a word; now the person is asked first.
    @Test func anUpgradeConflictAsksThenDropsTheGuestForTheExistingAccount() {
        var store = methodsStore(AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true), user: guest)
        focusPicker(.providerButton(.identityProvider(google)), in: &store)
        store.send(.activated) { $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: google, use: .signIn))]) }
        store.type("ann@example.com", into: \.providerSheet.email)
        let credential = store.state.providerSheet.credential
        store.send(.activated) { $0.providerSheet.focus = .nameField }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SignInWithCredential(credential))])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SignInWithCredential(credential))])
        let conflict = AuthError(.credentialAlreadyInUse, conflict: AccountConflictInfo(email: "ann@example.com",
                                                                                       credential: credential))
        store.send(.responded(operationID: 2, .failure(conflict))) {
            $0.presentation.replace(with: [.alert(.confirmReplacingGuest(with: credential))])
            $0.authenticationState = .unauthenticated
        }
        var kept = store
        // Enter on the first button (Cancel) keeps the guest and what they did.
        kept.send(.activated) { $0.presentation.replace(with: []) }
        #expect(kept.state.currentUser == guest)
        kept.finish()
        var moved = AlertPresentation.confirmReplacingGuest(with: credential)
        moved.selection = 1
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(moved)]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.ReplaceGuestAndSignIn(credential))])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, AuthCall.ReplaceGuestAndSignIn(credential))])
        // Replacing the guest must not be left half-done: Esc waits.
        store.send(.backRequested)
        store.finish()
    }
}

@Suite struct ConflictTests {
    @Test func aCollidingCredentialIsLinkedAfterTheNextSignIn() {
        let credential = AuthCredential.identityProvider(IdentityProviderCredential(
            providerID: "google.com", simulatedProfile: IdentityProviderProfile(
                subject: "simulated:ann@example.com", email: "ann@example.com", displayName: nil, isEmailVerified: false)))
        // The simulated Google sign-in is in flight (as the provider sheet leaves it).
        var state = methodsStore().state
        state.presentation.replace(with: [busy(2, AuthCall.SignInWithCredential(credential))])
        state.nextOperationID = 3
        var store = NavigatorStore(state: state)
        let conflict = AuthError(.accountExistsWithDifferentCredential,
                                 conflict: AccountConflictInfo(email: "ann@example.com", credential: credential))
        store.send(.responded(operationID: 2, .failure(conflict))) {
            $0.presentation.replace(with: [okAlert(.error(.accountExistsWithDifferentCredential, during: .signingIn))])
            $0.pickerForm.pendingCredential = credential
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.type("ann@example.com", into: \.pickerForm.email)
        store.send(.activated) { $0.pickerForm.focus = .passwordField }
        store.type("secret1", into: \.pickerForm.password)
        let signIn = AuthCall.SignIn(email: "ann@example.com", password: "secret1")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, signIn)])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, signIn)])
        let ann = User(uid: "ann", email: "ann@example.com", providerIDs: ["password"])
        store.send(.responded(operationID: 3, .success(SignInOutcome.signedIn(ann)))) {
            $0.currentUser = ann
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(ann)
            $0.presentation.replace(with: [busy(4, AuthCall.LinkCredential(credential))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.LinkCredential(credential))])
        // Linking must not be left half-done: Esc waits.
        store.send(.backRequested)
        let linked = User(uid: "ann", email: "ann@example.com", providerIDs: ["password", "google.com"])
        store.send(.responded(operationID: 4, .success(linked))) {
            $0.presentation.replace(with: [okAlert(.credentialLinked(providerID: "google.com"))])
            $0.currentUser = linked
            $0.root = $0.accountScreen(linked)
        }
        store.finish()
    }

    @Test func aResponseForNoOperationChangesNothing() {
        var store = methodsStore()
        store.send(.responded(operationID: 1, .failure(AuthError(.emailExists))))
        #expect(store.state.picker?.pendingCredential == nil)
        store.finish()
    }
}

@Suite struct LegacyRecoveryTests {
    private func failedSignIn() -> NavigatorStore {
        var store = methodsStore(AuthConfiguration(legacyFetchSignInWithEmail: true))
        store.type("ann@example.com", into: \.pickerForm.email)
        store.send(.activated) { $0.pickerForm.focus = .passwordField }
        store.type("wrong1", into: \.pickerForm.password)
        let signIn = AuthCall.SignIn(email: "ann@example.com", password: "wrong1")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, signIn)])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, signIn)])
        let lookup = AuthCall.FetchSignInMethods(email: "ann@example.com", after: .invalidLoginCredentials,
                                                 attempted: "password")
        store.send(.responded(operationID: 2, .failure(AuthError(.invalidLoginCredentials)))) {
            $0.authenticationState = .unauthenticated
            $0.presentation.replace(with: [busy(3, lookup)])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, lookup)])
        return store
    }

    @Test func aFailedSignInOffersTheMethodsTheEmailUsedBefore() {
        var store = failedSignIn()
        let recovery = LegacyRecoverySheet.State(email: "ann@example.com", options: [.identityProvider(google)],
                                                 unavailableProviderIDs: ["facebook.com"])
        store.send(.responded(operationID: 3, .success(["google.com", "password", "facebook.com"]))) {
            $0.presentation.replace(with: [.legacyRecoverySheet(recovery)])
        }
        #expect(recovery.focus == .option(0))
        store.send(.activated) {
            $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: google, email: "ann@example.com", use: .signIn))])
            $0.pickerForm.password = TextInput()
            $0.pickerForm.email = TextInput("ann@example.com")
            $0.pickerForm.focus = .emailField
        }
        store.finish()
    }

    @Test func withNothingToOfferTheOriginalErrorIsShown() {
        var store = failedSignIn()
        store.send(.responded(operationID: 3, .success(["password"]))) {
            $0.presentation.replace(with: [okAlert(.error(.invalidLoginCredentials, during: .signingIn))])
        }
        store.finish()
    }
}

@Suite struct EmailLinkTests {
    private let link = "https://fauth-tui.local/__/auth/action?mode=signIn&oobCode=L1NK"

    @Test func sendTheLinkThenPasteItToSignIn() {
        var store = methodsStore()
        store.type("ann@example.com", into: \.pickerForm.email)
        focusPicker(.providerButton(.emailLink), in: &store)
        store.send(.activated) { $0.path.replace(with: [.emailLink(EmailLink.State(email: "ann@example.com"))]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SendSignInLink(email: "ann@example.com"), by: .route(1))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SendSignInLink(email: "ann@example.com"))])
        store.send(.responded(operationID: 2, .success("ann@example.com"))) {
            $0.presentation.replace(with: [okAlert(.signInLinkSent(email: "ann@example.com"), then: .showLinkEntry)])
            $0.emailForLink = "ann@example.com"
        }
        store.expectEffects([.rememberEmailForLink("ann@example.com")])
        store.send(.activated) {
            $0.presentation.replace(with: [])
            $0.emailLinkForm.step = .enterLink
            $0.emailLinkForm.focus = .linkField
        }
        store.send(.edited(.insert(link))) { $0.emailLinkForm.link.apply(.insert(self.link)) }
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.SignInWithCredential(credential), by: .route(1))])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, AuthCall.SignInWithCredential(credential))])
        let ann = User(uid: "ann", email: "ann@example.com", isEmailVerified: true, providerIDs: ["emailLink"])
        store.send(.responded(operationID: 3, .success(SignInOutcome.signedIn(ann)))) {
            $0.presentation.replace(with: [])
            $0.currentUser = ann
            $0.authenticationState = .authenticated
            $0.emailForLink = nil
            $0.path.replace(with: [])
            $0.root = $0.accountScreen(ann)
        }
        store.expectEffects([.rememberEmailForLink(nil)])
        store.finish()
    }

    private func inboxWithLink(_ store: inout NavigatorStore) {
        store.send(.inboxToggled) { $0.presentation.replace(with: [busy(2, AuthCall.LoadInbox())]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, AuthCall.LoadInbox())])
        let message = OutboxMessage(id: 1, kind: .emailSignIn, recipient: "ann@example.com", link: link, code: "L1NK",
                                    sentAt: Date(timeIntervalSince1970: 0))
        store.send(.responded(operationID: 2, .success([message]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [message], selection: 0))])
        }
    }

    /// Regression (issue 13 item 28): typing into the pre-filled remembered address appended to it.
    @Test func theRememberedAddressIsPreFilledSelectedSoTypingReplacesIt() {
        var store = methodsStore(emailForLink: "ann@example.com")
        focusPicker(.providerButton(.emailLink), in: &store)
        var feature = EmailLink.State(email: "ann@example.com")
        feature.email.selectAll()
        store.send(.activated) { $0.path.replace(with: [.emailLink(feature)]) }
        store.send(.edited(.insert("b"))) { $0.emailLinkForm.email.apply(.insert("b")) }
        #expect(store.state.emailLinkForm.email.text == "b")
        store.finish()
    }

    /// Regression (issue 31 item 1): a link received before a restart could not be used.
    @Test func alreadyHaveALinkAsksForItWithoutSendingOne() {
        var store = methodsStore(emailForLink: "ann@example.com")
        focusPicker(.providerButton(.emailLink), in: &store)
        store.send(.activated) {
            var feature = EmailLink.State(email: "ann@example.com")
            feature.email.selectAll()
            $0.path.replace(with: [.emailLink(feature)])
        }
        #expect(store.state.emailLinkForm.controls == [.emailField, .sendButton, .haveLinkLink])
        store.send(.focusMovedBackward) { $0.emailLinkForm.focus = .haveLinkLink }
        store.send(.activated) {
            $0.emailLinkForm.step = .enterLink
            $0.emailLinkForm.focus = .linkField
        }
        store.send(.edited(.insert(link))) { $0.emailLinkForm.link.apply(.insert(self.link)) }
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.SignInWithCredential(credential), by: .route(1))])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SignInWithCredential(credential))])
        store.finish()
    }

    /// Regression (issue 31 item 1): a link pasted where the address goes said "Enter an email address".
    @Test func aLinkPastedForTheAddressSignsInWithTheRememberedOne() {
        var store = methodsStore(emailForLink: "ann@example.com")
        focusPicker(.providerButton(.emailLink), in: &store)
        var feature = EmailLink.State(email: "ann@example.com")
        feature.email.selectAll()
        store.send(.activated) { $0.path.replace(with: [.emailLink(feature)]) }
        store.send(.edited(.insert(" \(link) "))) { $0.emailLinkForm.email.apply(.insert(" \(self.link) ")) }
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        store.send(.activated) {
            var feature = EmailLink.State(link: " \(self.link) ", email: "ann@example.com")
            feature.focus = .signInButton
            $0.path.removeLast()
            $0.path.append(.emailLink(feature))
            $0.presentation.replace(with: [busy(2, AuthCall.SignInWithCredential(credential), by: .route(2))])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, AuthCall.SignInWithCredential(credential))])
        store.finish()
    }

    @Test func aLinkPastedForTheAddressAsksForTheAddressWhenNoneIsRemembered() {
        var store = methodsStore()
        focusPicker(.providerButton(.emailLink), in: &store)
        store.send(.activated) { $0.path.replace(with: [.emailLink(EmailLink.State())]) }
        store.send(.edited(.insert(link))) { $0.emailLinkForm.email.apply(.insert(self.link)) }
        #expect(store.state.emailLinkForm.validation(for: .emailField).isEmpty)
        store.send(.activated) {
            $0.path.removeLast()
            $0.path.append(.emailLink(EmailLink.State(link: self.link, email: nil)))
        }
        #expect(store.state.emailLinkForm.focus == .emailField)
        store.finish()
    }

    @Test func theInboxSignsInAtOnceWhenTheAddressIsRemembered() {
        var store = methodsStore(emailForLink: "ann@example.com")
        inboxWithLink(&store)
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        store.send(.activated) {
            var feature = EmailLink.State(email: "ann@example.com")
            feature.step = .enterLink
            feature.link = TextInput(self.link)
            feature.focus = .signInButton
            $0.path.replace(with: [.emailLink(feature)])
            $0.presentation.replace(with: [busy(3, AuthCall.SignInWithCredential(credential), by: .route(1))])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, AuthCall.SignInWithCredential(credential))])
        store.finish()
    }

    /// Issue 28: an account with second factors answers an email link with a pending credential (also when the
    /// link is sent with an ID token): the factor is asked for, and the spent link's address is forgotten.
    @Test func anAccountWithSecondFactorsIsAskedForOneAfterTheLink() {
        var store = methodsStore(emailForLink: "ann@example.com")
        inboxWithLink(&store)
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        var feature = EmailLink.State(email: "ann@example.com")
        feature.step = .enterLink
        feature.link = TextInput(link)
        feature.focus = .signInButton
        store.send(.activated) {
            $0.path.replace(with: [.emailLink(feature)])
            $0.presentation.replace(with: [busy(3, AuthCall.SignInWithCredential(credential), by: .route(1))])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, AuthCall.SignInWithCredential(credential))])
        let required = MFARequired(pendingCredential: "pending", hints: [.totp(displayName: "app", uid: "f1")])
        store.send(.responded(operationID: 3, .success(SignInOutcome.mfaRequired(required)))) {
            $0.presentation.replace(with: [])
            $0.authenticationState = .unauthenticated
            $0.emailForLink = nil
            $0.path.replace(with: [.emailLink(feature), .mfaResolution(MFAResolution.State(required: required))])
        }
        store.expectEffects([.rememberEmailForLink(nil)])
        store.type("123456", into: \.resolutionForm.code)
        verifyingSecondFactor(AuthCall.ResolveSecondFactor(required, .totp(sessionInfo: "f1", code: "123456")), id: 4,
                              in: &store)
        let ann = User(uid: "ann", email: "ann@example.com", isEmailVerified: true, providerIDs: ["emailLink"])
        store.send(.responded(operationID: 4, .success(SignInOutcome.signedIn(ann)))) {
            $0.presentation.replace(with: [])
            $0.currentUser = ann
            $0.authenticationState = .authenticated
            $0.path.replace(with: [])
            $0.root = $0.accountScreen(ann)
        }
        store.finish()
    }

    @Test func withoutARememberedAddressTheInboxAsksForIt() {
        var store = methodsStore()
        inboxWithLink(&store)
        store.send(.activated) {
            var feature = EmailLink.State()
            feature.step = .enterLink
            feature.link = TextInput(self.link)
            $0.path.replace(with: [.emailLink(feature)])
            $0.presentation.replace(with: [])
        }
        store.finish()
    }
}

@Suite struct PhoneTests {
    private let sentAt = Date(timeIntervalSince1970: 1_000)
    private let us = CountryCatalog.defaultCountry(regionCode: "US")

    private func codeScreen() -> NavigatorStore {
        var store = methodsStore()
        focusPicker(.providerButton(.phone), in: &store)
        store.send(.activated) { $0.path.replace(with: [.enterPhoneNumber(EnterPhoneNumber.State(country: self.us))]) }
        #expect(store.state.phoneForm.country.isoCode == "US")
        store.type("(650) 555-1234", into: \.phoneForm.number)
        #expect(store.state.phoneForm.e164 == "+16505551234")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"), by: .route(1))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"))])
        let sent = PhoneCodeSent(verificationID: "v1", phoneNumber: "+16505551234", sentAt: sentAt)
        store.send(.responded(operationID: 2, .success(sent))) {
            let screen = VerificationCode.State(verificationID: "v1", phoneNumber: "+16505551234", sentAt: self.sentAt)
            $0.presentation.replace(with: [])
            $0.path.append(.enterVerificationCode(screen))
            $0.pendingCodes = ["+16505551234": screen]
        }
        return store
    }

    @Test func aWrongCodeIsClearedAndResendWaitsForTheCountdown() {
        var store = codeScreen()
        store.send(.clockTicked(sentAt.addingTimeInterval(10))) {
            $0.codeForm.now = self.sentAt.addingTimeInterval(10)
            $0.pendingCodes["+16505551234"]?.now = self.sentAt.addingTimeInterval(10)
        }
        #expect(store.state.codeForm.resendCountdown == 20)
        store.send(.edited(.insert("12a3 4567"))) {
            $0.codeForm.code = TextInput("123456")
            $0.codeForm.code.hasBeenEdited = true
        }
        let credential = AuthCredential.phone(verificationID: "v1", code: "123456")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.SignInWithCredential(credential), by: .route(2))])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, AuthCall.SignInWithCredential(credential))])
        store.send(.responded(operationID: 3, .failure(AuthError(.invalidCode)))) {
            $0.presentation.replace(with: [okAlert(.error(.invalidCode, during: .signingIn))])
            $0.authenticationState = .unauthenticated
            $0.codeForm.code = TextInput()
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.send(.focusMovedForward) { $0.codeForm.focus = .verifyButton }
        store.send(.focusMovedForward) { $0.codeForm.focus = .resendButton }
        store.send(.activated)
        store.send(.clockTicked(sentAt.addingTimeInterval(30))) {
            $0.codeForm.now = self.sentAt.addingTimeInterval(30)
            $0.pendingCodes = [:]
        }
        // The countdown is over: later ticks change nothing (an idle screen is not redrawn).
        store.send(.clockTicked(sentAt.addingTimeInterval(31)))
        store.send(.activated) {
            $0.presentation.replace(with: [busy(4, AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"), by: .route(2))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"))])
        let resent = PhoneCodeSent(verificationID: "v2", phoneNumber: "+16505551234", sentAt: sentAt.addingTimeInterval(31))
        store.send(.responded(operationID: 4, .success(resent))) {
            $0.presentation.replace(with: [])
            // A fresh code screen for the new code.
            $0.path.removeLast()
            $0.path.append(.enterVerificationCode(VerificationCode.State(
                verificationID: "v2", phoneNumber: "+16505551234", sentAt: self.sentAt.addingTimeInterval(31))))
            $0.pendingCodes = ["+16505551234": $0.codeForm]
        }
        store.finish()
    }

    /// A number whose account has a text-message second factor cannot sign in on its own: the alert says so and
    /// what to do (not enrolment's "add an email address"), and the typed number stays.
    @Test func aNumberRefusedAsAFirstFactorSaysWhyAndKeepsTheNumber() {
        var store = methodsStore()
        focusPicker(.providerButton(.phone), in: &store)
        store.send(.activated) { $0.path.replace(with: [.enterPhoneNumber(EnterPhoneNumber.State(country: self.us))]) }
        store.type("(650) 555-1234", into: \.phoneForm.number)
        let send = AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234")
        store.send(.activated) { $0.presentation.replace(with: [busy(2, send, by: .route(1))]); $0.nextOperationID = 3 }
        store.expectEffects([.run(operationID: 2, send)])
        store.send(.responded(operationID: 2, .failure(AuthError(.unsupportedFirstFactor)))) {
            $0.presentation.replace(with: [okAlert(.phoneNumberProtectedBySecondFactor)])
        }
        store.send(.activated) { $0.presentation.replace(with: []) }
        #expect(store.state.phoneForm.number.text == "(650) 555-1234")
        store.finish()
    }

    /// The same refusal when the code signs in (a factor enrolled after the code was sent): the code stays.
    @Test func aCodeRefusedAsAFirstFactorSaysWhyAndKeepsTheCode() {
        var store = codeScreen()
        store.type("123456", into: \.codeForm.code)
        let signIn = AuthCall.SignInWithCredential(.phone(verificationID: "v1", code: "123456"))
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, signIn, by: .route(2))])
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 3, signIn)])
        store.send(.responded(operationID: 3, .failure(AuthError(.unsupportedFirstFactor)))) {
            $0.presentation.replace(with: [okAlert(.phoneNumberProtectedBySecondFactor)])
            $0.authenticationState = .unauthenticated
        }
        #expect(store.state.codeForm.code.text == "123456")
        store.finish()
    }

    /// Regression (issue 13 item 7): Esc then "Send code" sent a new text message each time, bypassing "Resend
    /// code"; the countdown belongs to the number, so the code screen comes back with the time left.
    @Test func sendingAgainToTheSameNumberWaitsForItsCountdown() {
        var store = codeScreen()
        let screen = store.state.codeForm
        store.send(.clockTicked(sentAt.addingTimeInterval(5))) {
            $0.codeForm.now = self.sentAt.addingTimeInterval(5)
            $0.pendingCodes["+16505551234"]?.now = self.sentAt.addingTimeInterval(5)
        }
        store.send(.backRequested) { $0.path.removeLast() }
        store.send(.activated) {
            var shown = screen
            shown.now = self.sentAt.addingTimeInterval(5)
            $0.path.append(.enterVerificationCode(shown))
        }
        #expect(store.state.codeForm.resendCountdown == 25)
        store.send(.backRequested) { $0.path.removeLast() }
        store.send(.clockTicked(sentAt.addingTimeInterval(30))) { $0.pendingCodes = [:] }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"), by: .route(1))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"))])
        store.finish()
    }

    @Test func anIncompleteCodeIsNotSentAndChangeNumberGoesBack() {
        var store = codeScreen()
        store.send(.edited(.insert("123"))) { $0.codeForm.code.apply(.insert("123")) }
        store.send(.activated)
        store.send(.focusMovedBackward) { $0.codeForm.focus = .changeNumberLink }
        store.send(.activated) { $0.path.removeLast() }
        #expect(store.state.phoneForm.number.text == "(650) 555-1234", "the number screen keeps what was typed")
        store.finish()
    }

    /// Regression (issue 13 item 9): a text message in the inbox could not be used; Enter now enters its code
    /// on the code screen waiting for it, which signs in.
    @Test func enterOnATextMessageEntersItsCode() {
        var store = codeScreen()
        store.send(.inboxToggled) { $0.presentation.replace(with: [busy(3, AuthCall.LoadInbox(), by: .route(2))]); $0.nextOperationID = 4 }
        store.expectEffects([.run(operationID: 3, AuthCall.LoadInbox())])
        let other = OutboxMessage(id: 1, kind: .sms, recipient: "+16505550000", link: nil, code: "999999", sentAt: sentAt)
        let sms = OutboxMessage(id: 2, kind: .sms, recipient: "+16505551234", link: nil, code: "123456", sentAt: sentAt)
        store.send(.responded(operationID: 3, .success([other, sms]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [other, sms], selection: 1))])
        }
        #expect(store.state.canUse(sms))
        #expect(!store.state.canUse(other), "a code sent to another number is not offered")
        let credential = AuthCredential.phone(verificationID: "v1", code: "123456")
        store.send(.activated) {
            $0.codeForm.code = TextInput("123456")
            $0.presentation.replace(with: [busy(4, AuthCall.SignInWithCredential(credential), by: .route(2))])
            $0.nextOperationID = 5
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 4, AuthCall.SignInWithCredential(credential))])
        store.finish()
    }

    /// Regression (issue 13 item 2): Esc from the code screen landed on the country selector.
    @Test func escFromTheCodeScreenFocusesTheNumber() {
        var store = codeScreen()
        store.send(.backRequested) { $0.path.removeLast() }
        #expect(store.state.phoneForm.focus == .numberField)
        store.finish()
    }

    @Test func theCountryPickerSearchesAndChooses() {
        var store = methodsStore()
        focusPicker(.providerButton(.phone), in: &store)
        store.send(.activated) { $0.path.replace(with: [.enterPhoneNumber(EnterPhoneNumber.State(country: self.us))]) }
        store.send(.focusMovedBackward) { $0.phoneForm.focus = .countryButton }
        let usIndex = CountryCatalog.search("", language: "en").firstIndex { $0.isoCode == "US" }!
        store.send(.activated) { $0.presentation.replace(with: [.countryPicker(CountryPicker.State(current: self.us, language: "en"))]) }
        #expect(store.state.countrySheet.selection == usIndex)
        store.send(.edited(.insert("japan"))) {
            $0.countrySheet.query.apply(.insert("japan"))
            $0.countrySheet.results = CountryCatalog.search("japan", language: "en")
            $0.countrySheet.selection = 0
        }
        store.send(.selectionMoved(by: 5))
        store.send(.activated) {
            $0.presentation.replace(with: [])
            $0.phoneForm.country = CountryCatalog.country(isoCode: "JP")!
            $0.phoneForm.focus = .numberField
        }
        // Regression (issue 13 item 1): focus moves on to the number, so the next digit lands there.
        store.send(.edited(.insert("0"))) { $0.phoneForm.number.apply(.insert("0")) }
        store.finish()
    }
}

@Suite struct BackTests {
    /// Regression (issue 13 item 2): going back focused the first field instead of the control that opened
    /// the screen.
    @Test func goingBackFocusesTheControlThatOpenedTheScreen() {
        let routes: [(AuthPicker.Control, Route)] = [
            (.troubleSigningInLink, .passwordRecovery(PasswordRecovery.State())),
            (.providerButton(.phone), .enterPhoneNumber(EnterPhoneNumber.State(country: CountryCatalog.defaultCountry(regionCode: "US")))),
            (.providerButton(.emailLink), .emailLink(EmailLink.State(email: ""))),
        ]
        for (control, route) in routes {
            var store = methodsStore()
            focusPicker(control, in: &store)
            store.send(.activated) { $0.path.replace(with: [route]) }
            store.send(.backRequested) { $0.path.replace(with: []) }
            #expect(store.state.picker?.focus == control)
            store.finish()
        }
    }
}

@Suite struct SheetTests {
    @Test func escClosesASheetOnlyWhenInteractiveDismissIsEnabled() {
        for enabled in [true, false] {
            var store = methodsStore(AuthConfiguration(interactiveDismissEnabled: enabled))
            focusPicker(.providerButton(.identityProvider(google)), in: &store)
            store.send(.activated) {
                $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: google, use: .signIn))])
            }
            store.send(.backRequested) { if enabled { $0.presentation.replace(with: []) } }
            #expect(store.state.picker?.focus == .providerButton(.identityProvider(google)))
            store.finish()
        }
    }

    /// Regression: with a sheet open, the inbox key opened the inbox under it, and Enter acted on the hidden inbox.
    @Test func theInboxKeyDoesNotReachBeneathASheet() {
        var store = methodsStore()
        focusPicker(.providerButton(.identityProvider(google)), in: &store)
        store.send(.activated) { $0.presentation.replace(with: [.identityProviderSheet(IdentityProviderSheet.State(button: google, use: .signIn))]) }
        store.send(.inboxToggled)
        store.send(.activated) { $0.providerSheet.focus = .nameField }
        #expect(store.state.path.isEmpty)
        store.finish()
    }
}

/// Issue 29: a project that asks for a reCAPTCHA before it texts a code has it solved in a browser (the listener's
/// page, or an address pasted from a browser elsewhere), then the same call runs again with the answer.
@Suite struct RecaptchaVerificationTests {
    private let us = CountryCatalog.defaultCountry(regionCode: "US")
    private let send = AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234")
    private let begun = RecaptchaVerification.Start(pageURI: "http://127.0.0.1:43123/recaptcha?state=S1",
                                                    continueURI: "http://127.0.0.1:43123/", expectedState: "S1")

    /// Send code on the phone screen, refused for want of a reCAPTCHA: the challenge begins for the phone screen
    /// (operation 3).
    private func challengeBegun() -> (store: NavigatorStore, refused: AuthFlow.Operation) {
        var store = methodsStore()
        focusPicker(.providerButton(.phone), in: &store)
        store.send(.activated) { $0.path.replace(with: [.enterPhoneNumber(EnterPhoneNumber.State(country: self.us))]) }
        store.type("(650) 555-1234", into: \.phoneForm.number)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, self.send, by: .route(1))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, send)])
        let refused = Operation(id: 2, call: send, owner: .route(1))
        beginRecaptchaChallenge(refusing: refused, in: &store)
        return (store, refused)
    }

    /// The challenge begun, then its screen shows while the listener waits (operation 4).
    private func challengeShown() -> NavigatorStore {
        let challenge = challengeBegun()
        var store = challenge.store
        presentRecaptchaChallenge(begun, refusing: challenge.refused, in: &store)
        return store
    }

    @Test func theAnswerTheListenerCatchesSendsTheCodeAgainWithIt() {
        var store = challengeShown()
        let again = AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234", recaptchaToken: "T1")
        store.send(.responded(operationID: 4, .success("T1"))) {
            $0.path.removeLast()
            $0.presentation.replace(with: [busy(5, again, by: .route(1))])
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, again)])
        // A refusal of the answer itself is said, not asked again.
        store.send(.responded(operationID: 5, .failure(AuthError(.captchaCheckFailed)))) {
            $0.presentation.replace(with: [okAlert(.error(.captchaCheckFailed, during: .sendingVerificationCode))])
        }
        store.finish()
    }

    @Test func anAddressPastedFromAnotherBrowserAnswersToo() {
        var store = challengeShown()
        store.type("http://127.0.0.1:43123/?state=S1&recaptchaToken=T2", into: \.recaptchaForm.address)
        let again = AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234", recaptchaToken: "T2")
        store.send(.activated) {
            $0.path.removeLast()
            $0.presentation.replace(with: [busy(5, again, by: .route(1))])
            $0.nextOperationID = 6
        }
        store.expectEffects([.cancel(operationID: 4), .run(operationID: 5, again)])
        store.finish()
    }

    @Test func anotherChallengesAnswerIsRefusedUnderTheField() {
        let start = RecaptchaVerification.Start(pageURI: "p", continueURI: "http://127.0.0.1:1/", expectedState: "S1")
        #expect(start.reading(of: "http://127.0.0.1:1/?state=S1&recaptchaToken=T") == .answered(token: "T"))
        #expect(start.reading(of: "http://127.0.0.1:1/?state=S2&recaptchaToken=T") == .foreign)
        #expect(start.reading(of: "http://127.0.0.1:1/?state=S1") == .foreign)
        #expect(start.reading(of: "T") == .notAnAddress)
    }

    @Test func cancelGivesTheCallUpAndStopsTheListener() {
        var store = challengeShown()
        store.send(.backRequested) { $0.path.removeLast() }
        store.expectEffects([.cancel(operationID: 4)])
        store.finish()
    }

    /// Regression (issue 29 follow-up): Esc while the challenge's listener was starting left it listening for 5
    /// minutes; a listener that started all the same is closed, as a provider sign-in's is.
    @Test func aListenerThatStartsAfterEscIsClosed() {
        var store = challengeBegun().store
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        store.expectEffects([.cancel(operationID: 3)])
        store.send(.responded(operationID: 3, .success(begun)))
        store.expectEffects([.closeListener(begun.continueURI)])
        store.finish()
    }
}
