import AuthCore
import Foundation
import Testing
@testable import AuthFlow

private let google = IdentityProviderButton.builtIn[0]
private let guest = User(uid: "guest-1", isAnonymous: true)

/// A signed-out store offering several methods, its session loaded.
private func methodsStore(_ configuration: AuthConfiguration = AuthConfiguration(),
                          providers: [AuthProvider] = [.email, .phone, .emailLink, .anonymous, .identityProvider(google)],
                          user: User? = nil, emailForLink: String? = nil) -> NavigatorStore {
    var store = NavigatorStore(state: NavigatorState(configuration: configuration, providers: providers))
    store.send(.started) { $0.operation = Operation(id: 1, kind: .loadingSession); $0.nextOperationID = 2 }
    store.expectEffects([.loadSession(operationID: 1)])
    let snapshot = SessionSnapshot(user: user, emailForLink: emailForLink)
    store.send(.responded(operationID: 1, .session(.success(snapshot)))) {
        $0.operation = nil
        $0.currentUser = user
        $0.emailForLink = emailForLink
    }
    return store
}

/// Moves focus with Tab until `control` is focused.
private func focus(_ control: Control, in store: inout NavigatorStore) {
    while store.state.focus != control {
        let order = store.state.focusOrder
        let next = order[(order.firstIndex(of: store.state.focus)! + 1) % order.count]
        store.send(.focusMovedForward) { $0.focus = next }
    }
}

@Suite struct ProviderButtonTests {
    @Test func theEmailLinkButtonComesFirstThenRegistrationOrder() {
        let store = methodsStore()
        #expect(store.state.providerButtons == [.emailLink, .phone, .anonymous, .identityProvider(google)])
        #expect(store.state.focusOrder.suffix(5) == [.providerButton(.emailLink), .providerButton(.phone),
                                                    .providerButton(.anonymous), .providerButton(.identityProvider(google)),
                                                    .cancelButton])
    }

    @Test func onlyEnabledMethodsAreOffered() {
        let store = methodsStore(providers: [.identityProvider(google)])
        #expect(store.state.focusOrder == [.providerButton(.identityProvider(google)), .cancelButton])
    }
}

@Suite struct GuestTests {
    @Test func continueAsGuestSignsInAnonymouslyAndStaysOnThePicker() {
        var store = methodsStore()
        focus(.providerButton(.anonymous), in: &store)
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .signingIn)
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signInAnonymously(operationID: 2)])
        store.send(.responded(operationID: 2, .signIn(.success(.signedIn(guest))))) {
            $0.operation = nil
            $0.currentUser = guest
            $0.authenticationState = .unauthenticated
            $0.focus = .emailField
        }
        store.finish()
    }

    @Test func anUpgradeConflictDropsTheGuestForTheExistingAccount() {
        var store = methodsStore(AuthConfiguration(shouldAutoUpgradeAnonymousUsers: true), user: guest)
        focus(.providerButton(.identityProvider(google)), in: &store)
        store.send(.activated) {
            $0.sheet = .identityProvider(IdentityProviderForm(button: google))
            $0.focusBeneathSheet = .providerButton(.identityProvider(google))
            $0.focus = .identityProviderEmailField
        }
        store.type("ann@example.com")
        let form = store.state.identityProviderForm!
        focus(.identityProviderContinueButton, in: &store)
        store.send(.activated) {
            $0.sheet = nil
            $0.focusBeneathSheet = nil
            $0.focus = .providerButton(.identityProvider(google))
            $0.operation = Operation(id: 2, kind: .signingIn, credential: form.credential)
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signInWithCredential(operationID: 2, form.credential)])
        let conflict = AuthError(.credentialAlreadyInUse, conflict: AccountConflictInfo(email: "ann@example.com",
                                                                                       credential: form.credential))
        store.send(.responded(operationID: 2, .signIn(.failure(conflict)))) {
            $0.operation = Operation(id: 3, kind: .signingIn, credential: form.credential)
            $0.nextOperationID = 4
        }
        store.expectEffects([.replaceGuestAndSignIn(operationID: 3, form.credential)])
        store.finish()
    }
}

@Suite struct ConflictTests {
    @Test func aCollidingCredentialIsLinkedAfterTheNextSignIn() {
        var store = methodsStore()
        let credential = AuthCredential.identityProvider(IdentityProviderCredential(
            providerID: "google.com", simulatedProfile: IdentityProviderProfile(
                subject: "simulated:ann@example.com", email: "ann@example.com", displayName: nil, isEmailVerified: false)))
        // The simulated Google sign-in is in flight (as the provider sheet leaves it).
        var state = store.state
        state.operation = Operation(id: 2, kind: .signingIn, credential: credential)
        state.nextOperationID = 3
        store = NavigatorStore(state: state)
        let conflict = AuthError(.accountExistsWithDifferentCredential,
                                 conflict: AccountConflictInfo(email: "ann@example.com", credential: credential))
        store.send(.responded(operationID: 2, .signIn(.failure(conflict)))) {
            $0.operation = nil
            $0.pendingCredential = credential
            $0.alert = .error(.accountExistsWithDifferentCredential, during: .signingIn)
        }
        store.send(.activated) { $0.alert = nil }
        store.type("ann@example.com")
        store.send(.activated) { $0.focus = .passwordField }
        store.type("secret1")
        let password = AuthCredential.emailPassword(email: "ann@example.com", password: "secret1")
        store.send(.activated) {
            $0.operation = Operation(id: 3, kind: .signingIn, credential: password)
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signIn(operationID: 3, email: "ann@example.com", password: "secret1")])
        let ann = User(uid: "ann", email: "ann@example.com", providerIDs: ["password"])
        store.send(.responded(operationID: 3, .signIn(.success(.signedIn(ann))))) {
            $0.currentUser = ann
            $0.authenticationState = .authenticated
            $0.picker = PickerForm()
            $0.focus = .signOutButton
            $0.pendingCredential = nil
            $0.operation = Operation(id: 4, kind: .linkingCredential, credential: credential)
            $0.nextOperationID = 5
        }
        store.expectEffects([.linkCredential(operationID: 4, credential)])
        let linked = User(uid: "ann", email: "ann@example.com", providerIDs: ["password", "google.com"])
        store.send(.responded(operationID: 4, .credentialLinked(.success(linked)))) {
            $0.operation = nil
            $0.currentUser = linked
            $0.alert = .credentialLinked(providerID: "google.com")
        }
        store.finish()
    }

    @Test func aPlainSignUpWithATakenEmailIsJustAnError() {
        var store = methodsStore()
        store.send(.responded(operationID: 1, .signIn(.failure(AuthError(.emailExists)))))
        #expect(store.state.pendingCredential == nil)
        store.finish()
    }
}

@Suite struct LegacyRecoveryTests {
    private func failedSignIn() -> NavigatorStore {
        var store = methodsStore(AuthConfiguration(legacyFetchSignInWithEmail: true))
        store.type("ann@example.com")
        store.send(.activated) { $0.focus = .passwordField }
        store.type("wrong1")
        let password = AuthCredential.emailPassword(email: "ann@example.com", password: "wrong1")
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .signingIn, credential: password)
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signIn(operationID: 2, email: "ann@example.com", password: "wrong1")])
        let lookup = OperationKind.checkingPreviousSignInMethods(email: "ann@example.com",
                                                                 failure: .invalidLoginCredentials,
                                                                 attemptedProviderID: "password")
        store.send(.responded(operationID: 2, .signIn(.failure(AuthError(.invalidLoginCredentials))))) {
            $0.authenticationState = .unauthenticated
            $0.operation = Operation(id: 3, kind: lookup)
            $0.nextOperationID = 4
        }
        store.expectEffects([.fetchSignInMethods(operationID: 3, email: "ann@example.com")])
        return store
    }

    @Test func aFailedSignInOffersTheMethodsTheEmailUsedBefore() {
        var store = failedSignIn()
        let recovery = LegacyRecoveryState(email: "ann@example.com", options: [.identityProvider(google)],
                                           unavailableProviderIDs: ["facebook.com"])
        store.send(.responded(operationID: 3, .signInMethods(.success(["google.com", "password", "facebook.com"])))) {
            $0.operation = nil
            $0.sheet = .legacyRecovery(recovery)
            $0.focusBeneathSheet = .passwordField
            $0.focus = .legacyOption(0)
        }
        store.send(.activated) {
            $0.sheet = .identityProvider(IdentityProviderForm(button: google, email: "ann@example.com"))
            $0.focusBeneathSheet = .passwordField
            $0.focus = .identityProviderEmailField
        }
        store.finish()
    }

    @Test func withNothingToOfferTheOriginalErrorIsShown() {
        var store = failedSignIn()
        store.send(.responded(operationID: 3, .signInMethods(.success(["password"])))) {
            $0.operation = nil
            $0.alert = .error(.invalidLoginCredentials, during: .signingIn)
        }
        store.finish()
    }
}

@Suite struct EmailLinkTests {
    private let link = "https://fauth-tui.local/__/auth/action?mode=signIn&oobCode=L1NK"

    @Test func sendTheLinkThenPasteItToSignIn() {
        var store = methodsStore()
        store.type("ann@example.com")
        focus(.providerButton(.emailLink), in: &store)
        store.send(.activated) {
            $0.routes = [.emailLink]
            $0.emailLink.email = TextInput("ann@example.com")
            $0.focus = .emailLinkEmailField
        }
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .sendingSignInLink)
            $0.nextOperationID = 3
        }
        store.expectEffects([.sendSignInLink(operationID: 2, email: "ann@example.com")])
        store.send(.responded(operationID: 2, .signInLinkSent(.success("ann@example.com")))) {
            $0.operation = nil
            $0.emailForLink = "ann@example.com"
            $0.alert = .signInLinkSent(email: "ann@example.com")
        }
        store.expectEffects([.rememberEmailForLink("ann@example.com")])
        store.send(.activated) {
            $0.alert = nil
            $0.emailLink.step = .enterLink
            $0.focus = .emailLinkField
        }
        store.send(.edited(.insert(link))) { $0.emailLink.link.apply(.insert(link)) }
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        store.send(.activated) {
            $0.operation = Operation(id: 3, kind: .signingInWithEmailLink, credential: credential)
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signInWithCredential(operationID: 3, credential)])
        let ann = User(uid: "ann", email: "ann@example.com", isEmailVerified: true, providerIDs: ["emailLink"])
        store.send(.responded(operationID: 3, .signIn(.success(.signedIn(ann))))) {
            $0.operation = nil
            $0.currentUser = ann
            $0.authenticationState = .authenticated
            $0.emailForLink = nil
            $0.routes = []
            $0.picker = PickerForm()
            $0.focus = .signOutButton
        }
        store.expectEffects([.rememberEmailForLink(nil)])
        store.finish()
    }

    @Test func theInboxSignsInAtOnceWhenTheAddressIsRemembered() {
        var store = methodsStore(emailForLink: "ann@example.com")
        store.send(.inboxToggled) { $0.operation = Operation(id: 2, kind: .loadingInbox); $0.nextOperationID = 3 }
        store.expectEffects([.loadInbox(operationID: 2)])
        let message = OutboxMessage(id: 1, kind: .emailSignIn, recipient: "ann@example.com", link: link, code: "L1NK",
                                    sentAt: Date(timeIntervalSince1970: 0))
        store.send(.responded(operationID: 2, .inbox(.success([message])))) {
            $0.operation = nil
            $0.inbox = InboxState(messages: [message], selection: 0)
        }
        let credential = AuthCredential.emailLink(email: "ann@example.com", link: link)
        store.send(.activated) {
            $0.inbox = nil
            $0.routes = [.emailLink]
            $0.emailLink.step = .enterLink
            $0.emailLink.email = TextInput("ann@example.com")
            $0.emailLink.link = TextInput(link)
            $0.focus = .emailLinkSignInButton
            $0.operation = Operation(id: 3, kind: .signingInWithEmailLink, credential: credential)
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signInWithCredential(operationID: 3, credential)])
        store.finish()
    }

    @Test func withoutARememberedAddressTheInboxAsksForIt() {
        var store = methodsStore()
        store.send(.inboxToggled) { $0.operation = Operation(id: 2, kind: .loadingInbox); $0.nextOperationID = 3 }
        store.expectEffects([.loadInbox(operationID: 2)])
        let message = OutboxMessage(id: 1, kind: .emailSignIn, recipient: "ann@example.com", link: link, code: "L1NK",
                                    sentAt: Date(timeIntervalSince1970: 0))
        store.send(.responded(operationID: 2, .inbox(.success([message])))) {
            $0.operation = nil
            $0.inbox = InboxState(messages: [message], selection: 0)
        }
        store.send(.activated) {
            $0.inbox = nil
            $0.routes = [.emailLink]
            $0.emailLink.step = .enterLink
            $0.emailLink.link = TextInput(link)
            $0.focus = .emailLinkEmailField
        }
        store.finish()
    }
}

@Suite struct PhoneTests {
    private let sentAt = Date(timeIntervalSince1970: 1_000)

    private func codeScreen() -> NavigatorStore {
        var store = methodsStore()
        focus(.providerButton(.phone), in: &store)
        store.send(.activated) {
            $0.routes = [.enterPhoneNumber]
            $0.focus = .phoneNumberField
        }
        #expect(store.state.phone.country.isoCode == "US")
        store.type("(650) 555-1234")
        #expect(store.state.phone.e164 == "+16505551234")
        store.send(.activated) {
            $0.operation = Operation(id: 2, kind: .sendingVerificationCode)
            $0.nextOperationID = 3
        }
        store.expectEffects([.verifyPhoneNumber(operationID: 2, phoneNumber: "+16505551234")])
        let sent = PhoneCodeSent(verificationID: "v1", phoneNumber: "+16505551234", sentAt: sentAt)
        store.send(.responded(operationID: 2, .phoneCodeSent(.success(sent)))) {
            $0.operation = nil
            $0.routes = [.enterPhoneNumber, .enterVerificationCode(verificationID: "v1", fullPhoneNumber: "+16505551234")]
            $0.phone.codeSentAt = self.sentAt
            $0.focus = .verificationCodeField
        }
        return store
    }

    @Test func aWrongCodeIsClearedAndResendWaitsForTheCountdown() {
        var store = codeScreen()
        store.send(.clockTicked(sentAt.addingTimeInterval(10))) { $0.now = self.sentAt.addingTimeInterval(10) }
        #expect(store.state.resendCountdown == 20)
        store.send(.edited(.insert("12a3 4567"))) {
            $0.phone.code = TextInput("123456")
            $0.phone.code.hasBeenEdited = true
        }
        store.send(.activated) {
            $0.operation = Operation(id: 3, kind: .signingIn, credential: .phone(verificationID: "v1", code: "123456"))
            $0.nextOperationID = 4
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.signInWithCredential(operationID: 3, .phone(verificationID: "v1", code: "123456"))])
        store.send(.responded(operationID: 3, .signIn(.failure(AuthError(.invalidCode))))) {
            $0.operation = nil
            $0.authenticationState = .unauthenticated
            $0.alert = .error(.invalidCode, during: .signingIn)
            $0.phone.code = TextInput()
        }
        store.send(.activated) { $0.alert = nil }
        focus(.resendCodeButton, in: &store)
        store.send(.activated)
        store.send(.clockTicked(sentAt.addingTimeInterval(30))) { $0.now = self.sentAt.addingTimeInterval(30) }
        store.send(.activated) {
            $0.operation = Operation(id: 4, kind: .sendingVerificationCode)
            $0.nextOperationID = 5
        }
        store.expectEffects([.verifyPhoneNumber(operationID: 4, phoneNumber: "+16505551234")])
        let resent = PhoneCodeSent(verificationID: "v2", phoneNumber: "+16505551234", sentAt: sentAt.addingTimeInterval(31))
        store.send(.responded(operationID: 4, .phoneCodeSent(.success(resent)))) {
            $0.operation = nil
            $0.routes = [.enterPhoneNumber, .enterVerificationCode(verificationID: "v2", fullPhoneNumber: "+16505551234")]
            $0.phone.codeSentAt = self.sentAt.addingTimeInterval(31)
            $0.focus = .verificationCodeField
        }
        store.finish()
    }

    @Test func anIncompleteCodeIsNotSentAndChangeNumberGoesBack() {
        var store = codeScreen()
        store.send(.edited(.insert("123"))) { $0.phone.code.apply(.insert("123")) }
        store.send(.activated)
        focus(.changeNumberLink, in: &store)
        store.send(.activated) {
            $0.routes = [.enterPhoneNumber]
            $0.focus = .phoneNumberField
        }
        store.finish()
    }

    @Test func theCountryPickerSearchesAndChooses() {
        var store = methodsStore()
        focus(.providerButton(.phone), in: &store)
        store.send(.activated) { $0.routes = [.enterPhoneNumber]; $0.focus = .phoneNumberField }
        store.send(.focusMovedBackward) { $0.focus = .countryButton }
        let usIndex = CountryCatalog.search("", language: "en").firstIndex { $0.isoCode == "US" }!
        var picker = CountryPickerState()
        picker.selection = usIndex
        store.send(.activated) {
            $0.sheet = .countryPicker(picker)
            $0.focusBeneathSheet = .countryButton
            $0.focus = .countrySearchField
        }
        picker.query.apply(.insert("japan"))
        picker.selection = 0
        store.send(.edited(.insert("japan"))) { $0.sheet = .countryPicker(picker) }
        store.send(.selectionMoved(by: 5))
        store.send(.activated) {
            $0.sheet = nil
            $0.focusBeneathSheet = nil
            $0.focus = .countryButton
            $0.phone.country = CountryCatalog.country(isoCode: "JP")!
        }
        store.type("090-1234-5678")
        #expect(store.state.phone.e164 == nil, "focus is on the country button, not the number")
        store.finish()
    }
}

@Suite struct SheetDismissalTests {
    @Test func escClosesASheetOnlyWhenInteractiveDismissIsEnabled() {
        for enabled in [true, false] {
            var store = methodsStore(AuthConfiguration(interactiveDismissEnabled: enabled))
            focus(.providerButton(.identityProvider(google)), in: &store)
            store.send(.activated) {
                $0.sheet = .identityProvider(IdentityProviderForm(button: google))
                $0.focusBeneathSheet = .providerButton(.identityProvider(google))
                $0.focus = .identityProviderEmailField
            }
            store.send(.backRequested) {
                if enabled {
                    $0.sheet = nil
                    $0.focusBeneathSheet = nil
                    $0.focus = .providerButton(.identityProvider(google))
                }
            }
            store.finish()
        }
    }
}
