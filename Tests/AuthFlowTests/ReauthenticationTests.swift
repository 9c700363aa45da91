import AuthCore
import struct Foundation.Date
import Testing
@testable import AuthFlow

/// FirebaseUI's reauthentication coordinator: a call refused for an old sign-in asks for the last method again,
/// then runs again exactly once; Cancel and Esc change nothing.
@Suite struct ReauthenticationTests {
    private let google = IdentityProviderButton.builtIn.first { $0.providerID == "google.com" }!
    private let tooOld = AuthError(.credentialTooOldLoginAgain)
    private let update = AuthCall.UpdatePassword("abcdefg")
    /// The refused update, which the password form (route #1) started.
    private var refused: Operation { Operation(id: 1, call: update, owner: .route(1)) }
    /// What the steps of signing in again carry: the refused update.
    private var step: Operation.Purpose { .reauthentication(RefusedCall(refused)) }
    private var passwordSheet: PasswordReauthSheet.State {
        PasswordReauthSheet.State(email: "alice@example.com", refused: RefusedCall(refused))
    }

    /// Alice typed a new password on the update form; the backend refused it for an old sign-in and the
    /// provider of her last sign-in is being looked up (operation #2).
    private func refusedStore(_ user: User = alice, providers: [AuthProvider] = [.email]) -> NavigatorStore {
        var state = signedInState(user, providers: providers)
        var form = UpdatePassword.State(linkingEmail: nil)
        form.newPassword = TextInput("abcdefg")
        form.confirmPassword = TextInput("abcdefg")
        form.focus = .confirmPasswordField
        state.path.replace(with: [.updatePassword(form)])
        state.presentation.replace(with: [.busy(refused)])
        state.nextOperationID = 2
        var store = NavigatorStore(state: state)
        store.send(.responded(operationID: 1, .failure(tooOld))) {
            $0.presentation.replace(with: [busy(2, AuthCall.FetchSignInProvider(), by: .route(1),
                                                for: self.step)])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.FetchSignInProvider())])
        return store
    }

    /// The alert before a sheet: `proceed`, then Cancel; Esc cancels too.
    private func askingAlert(_ content: AlertState, _ proceed: AlertButton) -> AlertPresentation {
        AlertPresentation(content, buttons: [proceed, AlertButton(.cancel, .dismiss)])
    }

    /// The last sign-in was with `provider`: an alert asks first (`content`, its first button `title`), and Enter on
    /// that button sends what proves the person again (`send`, operation #3). Returns the alert.
    private func sendingProof(_ send: some BackendCall, provider: String, asked content: AlertState,
                              _ title: AlertButton.Title, in store: inout NavigatorStore) -> AlertPresentation {
        let alert = askingAlert(content, AlertButton(title, .start(send, purpose: step)))
        store.send(.responded(operationID: 2, .success(provider))) { $0.presentation.replace(with: [.alert(alert)]) }
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, send, by: .route(1), for: self.step)])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, send)])
        return alert
    }

    /// The last sign-in was `password`, which ID tokens call an emailed link's too: the methods of Alice's email are
    /// looked up (operation #3, for the call `refused` by `owner`), and they are `methods`, which show `shown`.
    private func passwordSignInFound(methods: [String], shows shown: Presentation, in store: inout NavigatorStore,
                                     for refused: Operation? = nil, by owner: ElementID = .route(1)) {
        let lookUp = AuthCall.FetchEmailSignInMethods(email: "alice@example.com")
        let purpose = refused.map { Operation.Purpose.reauthentication(RefusedCall($0)) } ?? step
        store.send(.responded(operationID: 2, .success("password"))) {
            $0.presentation.replace(with: [busy(3, lookUp, by: owner, for: purpose)])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, lookUp)])
        store.send(.responded(operationID: 3, .success(methods))) { $0.presentation.replace(with: [shown]) }
    }

    /// The reauthentication (operation `id` − 1) signed `user` in: the sheet is gone and the refused call (`call`
    /// of `kind`) runs again as operation `id`, once; `change` is what else the sign-in changes.
    private func reauthenticated(_ user: User, replaying call: AuthCall? = nil, by owner: ElementID = .route(1), as id: Int, in store: inout NavigatorStore,
                                 _ change: (inout NavigatorState) -> Void = { _ in }) {
        let call = call ?? AuthCall(update)
        store.send(.responded(operationID: id - 1, .success(SignInOutcome.signedIn(user)))) {
            $0.presentation.replace(with: [.busy(Operation(id: id, call: call, owner: owner, purpose: .replay))])
            $0.nextOperationID = id + 1
            change(&$0)
        }
        store.expectEffects([.run(operationID: id, call)])
    }

    /// The replay succeeds: "Password updated".
    private func replaySucceeds(_ store: inout NavigatorStore, id: Int) {
        store.send(.responded(operationID: id, .success(alice))) {
            $0.presentation.replace(with: [okAlert(.passwordUpdated, then: .returnToAccount)])
        }
    }

    @Test func aPasswordSheetRetriesTheCallOnceAfterTheRightPassword() {
        var store = refusedStore()
        passwordSignInFound(methods: ["password"], shows: .passwordReauthSheet(passwordSheet), in: &store)
        #expect(!store.state.passwordSheet.controls.isEmpty)
        store.send(.passwordRevealToggled) { $0.isPasswordRevealed = true }
        store.type("wrong1", into: \.passwordSheet.password)
        let wrong = AuthCall.Reauthenticate(.emailPassword(email: "alice@example.com", password: "wrong1"))
        store.send(.activated) {
            $0.presentation.append(busy(4, wrong, by: .layer(4), for: self.step))
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, wrong)])
        // A wrong password keeps the sheet open, cleared, under the error.
        store.send(.responded(operationID: 4, .failure(AuthError(.invalidLoginCredentials)))) {
            $0.presentation.replace(with: [.passwordReauthSheet(self.passwordSheet),
                               .alert(.failure(.invalidLoginCredentials, of: Operation(id: 4, call: wrong, owner: .root)))])
        }
        store.send(.activated) { $0.presentation.removeLast() }
        store.type("hunter22", into: \.passwordSheet.password)
        let right = AuthCall.Reauthenticate(.emailPassword(email: "alice@example.com", password: "hunter22"))
        store.send(.activated) {
            $0.presentation.append(busy(5, right, by: .layer(4), for: self.step))
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, right)])
        reauthenticated(alice, as: 6, in: &store) {
            // The password shown in the sheet is not shown on the form beneath.
            $0.isPasswordRevealed = false
        }
        replaySucceeds(&store, id: 6)
        store.finish()
    }

    /// ID tokens name a sign-in with an emailed link `password` too (issue 28): the account's methods for its email
    /// choose. Only a link → the link's alert; a password, alone or with a link (FirebaseUI's password sheet, as
    /// without its "signed in by link" flag), or no methods said (email-enumeration protection) → the password
    /// sheet. The lists are as each backend answers: Identity Toolkit's createAuthUri (password before emailLink)
    /// and the local store's (in link order, identity providers included).
    @Test(arguments: [
        (["emailLink"], true), (["emailLink", "google.com"], true), (["google.com", "emailLink"], true),
        (["password"], false), (["password", "emailLink"], false), (["emailLink", "password"], false),
        (["github.com", "password", "emailLink"], false), ([], false),
    ])
    func theAccountsMethodsChooseBetweenTheLinkAndThePasswordSheet(methods: [String], sendsALink: Bool) {
        var store = refusedStore()
        let send = AuthCall.SendSignInLink(email: "alice@example.com")
        let linkAlert = askingAlert(.reauthenticateWithEmailLink(email: "alice@example.com"),
                                    AlertButton(.continue, .start(send, purpose: step)))
        passwordSignInFound(methods: methods, shows: sendsALink ? .alert(linkAlert) : .passwordReauthSheet(passwordSheet),
                            in: &store)
        if sendsALink {
            store.send(.activated) {
                $0.presentation.replace(with: [busy(4, send, by: .route(1), for: self.step)])
                $0.nextOperationID = 5
            }
            store.expectEffects([.run(operationID: 4, send)])
            let sheet = EmailLinkReauthSheet.State(email: "alice@example.com", refused: RefusedCall(refused))
            store.send(.responded(operationID: 4, .success("alice@example.com"))) {
                $0.presentation.replace(with: [.emailLinkReauthSheet(sheet)])
            }
        }
        store.finish()
    }

    @Test func aSecondRefusalIsReportedInsteadOfAskingAgain() {
        var store = refusedStore()
        passwordSignInFound(methods: ["password"], shows: .passwordReauthSheet(passwordSheet), in: &store)
        store.type("hunter22", into: \.passwordSheet.password)
        let right = AuthCall.Reauthenticate(.emailPassword(email: "alice@example.com", password: "hunter22"))
        store.send(.activated) { $0.presentation.append(busy(4, right, by: .layer(4), for: self.step)); $0.nextOperationID = 5 }
        store.expectEffects([.run(operationID: 4, right)])
        reauthenticated(alice, as: 5, in: &store)
        store.send(.responded(operationID: 5, .failure(tooOld))) {
            $0.presentation.replace(with: [.alert(.failure(.credentialTooOldLoginAgain, of: Operation(
                id: 5, call: self.update, owner: .route(1), purpose: .replay)))])
        }
        store.finish()
    }

    @Test func escOrCancelLeavesEverythingAsItWas() {
        var store = refusedStore()
        let before = store.state
        passwordSignInFound(methods: ["password"], shows: .passwordReauthSheet(passwordSheet), in: &store)
        store.type("hun", into: \.passwordSheet.password)
        store.send(.backRequested) { $0.presentation.replace(with: []) }
        // The form is as it was, its passwords included.
        #expect(store.state.path == before.path)
        store.finish()
    }

    @Test func anEmailLinkFromTheInboxReauthenticates() {
        let ann = User(uid: "u1", email: "alice@example.com", providerIDs: ["emailLink"])
        var store = refusedStore(ann)
        _ = sendingProof(AuthCall.SendSignInLink(email: "alice@example.com"), provider: "emailLink", asked: .reauthenticateWithEmailLink(email: "alice@example.com"), .continue,
                         in: &store)
        let sheet = EmailLinkReauthSheet.State(email: "alice@example.com", refused: RefusedCall(refused))
        store.send(.responded(operationID: 3, .success("alice@example.com"))) {
            $0.presentation.replace(with: [.emailLinkReauthSheet(sheet)])
        }
        store.send(.inboxToggled) { $0.presentation.append(busy(4, AuthCall.LoadInbox(), by: .layer(5))); $0.nextOperationID = 5 }
        store.expectEffects([.run(operationID: 4, AuthCall.LoadInbox())])
        let message = OutboxMessage(id: 1, kind: .emailSignIn, recipient: "alice@example.com", link: "https://x/l?oobCode=S",
                                    code: "S", sentAt: Date.distantPast)
        store.send(.responded(operationID: 4, .success([message]))) {
            $0.presentation.replace(with: [.emailLinkReauthSheet(sheet), .inbox(Inbox.State(messages: [message]))])
        }
        #expect(store.state.canUse(message))
        let reauth = AuthCall.Reauthenticate(.emailLink(email: "alice@example.com", link: "https://x/l?oobCode=S"))
        store.send(.activated) {
            var filled = sheet
            filled.link = TextInput("https://x/l?oobCode=S")
            $0.presentation.replace(with: [.emailLinkReauthSheet(filled), busy(5, reauth, by: .layer(5), for: self.step)])
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, reauth)])
        reauthenticated(ann, as: 6, in: &store) { $0.currentUser = ann }
        store.finish()
    }

    /// Issue 31 item 16: FirebaseUI's EmailLinkReauthView has Resend; the sheet sends the link again and stays one
    /// sheet, for the same refused call.
    @Test func theEmailLinkSheetSendsTheLinkAgain() {
        let ann = User(uid: "u1", email: "alice@example.com", providerIDs: ["emailLink"])
        var store = refusedStore(ann)
        let send = AuthCall.SendSignInLink(email: "alice@example.com")
        _ = sendingProof(send, provider: "emailLink", asked: .reauthenticateWithEmailLink(email: "alice@example.com"),
                         .continue, in: &store)
        let sheet = EmailLinkReauthSheet.State(email: "alice@example.com", refused: RefusedCall(refused))
        store.send(.responded(operationID: 3, .success("alice@example.com"))) {
            $0.presentation.replace(with: [.emailLinkReauthSheet(sheet)])
        }
        #expect(sheet.controls == [.linkField, .confirmButton, .resendButton, .cancelButton])
        var resend = sheet
        resend.focus = .confirmButton
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.emailLinkReauthSheet(resend)]) }
        resend.focus = .resendButton
        store.send(.focusMovedForward) { $0.presentation.replace(with: [.emailLinkReauthSheet(resend)]) }
        // Resend counts down from the sheet's first clock tick, as "Resend code" does: Enter does nothing until
        // the countdown is over (issue 31 review).
        #expect(resend.resendCountdown == 30 && resend.kind(of: .resendButton) == .button(isEnabled: false))
        store.send(.activated)
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        resend.sentAt = start
        resend.now = start
        store.send(.clockTicked(start)) { $0.presentation.replace(with: [.emailLinkReauthSheet(resend)]) }
        resend.now = start.addingTimeInterval(12)
        store.send(.clockTicked(start.addingTimeInterval(12))) { $0.presentation.replace(with: [.emailLinkReauthSheet(resend)]) }
        #expect(resend.resendCountdown == 18)
        store.send(.activated)
        resend.now = start.addingTimeInterval(30)
        store.send(.clockTicked(start.addingTimeInterval(30))) { $0.presentation.replace(with: [.emailLinkReauthSheet(resend)]) }
        #expect(resend.resendCountdown == 0 && resend.kind(of: .resendButton) == .button(isEnabled: true))
        store.send(.clockTicked(start.addingTimeInterval(31)))
        store.send(.activated) {
            $0.presentation.append(busy(4, send, by: .layer(5), for: self.step))
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, send)])
        store.send(.responded(operationID: 4, .success("alice@example.com"))) {
            $0.presentation.replace(with: [.emailLinkReauthSheet(sheet)])
        }
        #expect(store.state.presentation.count == 1)
        store.finish()
    }

    @Test func aPhoneCodeReauthenticatesAndCancelOnTheAlertDropsTheCall() {
        let bo = User(uid: "u1", phoneNumber: "+16505551234", providerIDs: ["phone"])
        var store = refusedStore(bo)
        var alert = sendingProof(AuthCall.VerifyPhoneNumber(phoneNumber: "+16505551234"), provider: "phone", asked: .reauthenticateWithPhone(phoneNumber: "+16505551234"),
                                 .sendCode, in: &store)
        let sentAt = Date.distantPast
        let sent = PhoneCodeSent(verificationID: "v1", phoneNumber: "+16505551234", sentAt: sentAt)
        let sheet = VerificationCode.State(verificationID: "v1", phoneNumber: "+16505551234", sentAt: sentAt,
                                           reauthenticating: RefusedCall(refused))
        store.send(.responded(operationID: 3, .success(sent))) { $0.presentation.replace(with: [.phoneReauthSheet(sheet)]) }
        #expect(store.state.phoneSheet.controls == [.codeField, .verifyButton, .resendButton, .cancelButton])
        // The resend countdown runs on the sheet too.
        store.send(.clockTicked(sentAt.addingTimeInterval(10))) { $0.phoneSheet.now = sentAt.addingTimeInterval(10) }
        #expect(store.state.phoneSheet.resendCountdown == 20)
        store.type("123456", into: \.phoneSheet.code)
        let reauth = AuthCall.Reauthenticate(.phone(verificationID: "v1", code: "123456"))
        store.send(.activated) { $0.presentation.append(busy(4, reauth, by: .layer(5), for: self.step)); $0.nextOperationID = 5 }
        store.expectEffects([.run(operationID: 4, reauth)])
        reauthenticated(bo, as: 5, in: &store) { $0.currentUser = bo }
        store.finish()

        var cancelled = refusedStore(bo)
        cancelled.send(.responded(operationID: 2, .success("phone"))) { $0.presentation.replace(with: [.alert(alert)]) }
        alert.selection = 1
        cancelled.send(.focusMovedForward) { $0.presentation.replace(with: [.alert(alert)]) }
        cancelled.send(.activated) { $0.presentation.replace(with: []) }
        cancelled.finish()
    }

    @Test func anIdentityProviderSheetReauthenticatesAndStaysOpenOnFailure() {
        let bo = User(uid: "u1", email: "bo@example.com", providerIDs: ["google.com"])
        var store = refusedStore(bo, providers: [.email, .identityProvider(google)])
        let alert = askingAlert(.reauthenticateWithProvider(providerID: "google.com"),
                                AlertButton(.continue, .reauthenticateWith(google, RefusedCall(refused))))
        store.send(.responded(operationID: 2, .success("google.com"))) { $0.presentation.replace(with: [.alert(alert)]) }
        let sheet = IdentityProviderSheet.State(button: google, email: "bo@example.com",
                                                use: .reauthenticate(RefusedCall(refused)))
        store.send(.activated) { $0.presentation.replace(with: [.identityProviderSheet(sheet)]) }
        store.send(.focusMovedForward) { $0.providerSheet.focus = .nameField }
        store.send(.focusMovedForward) { $0.providerSheet.focus = .emailVerifiedToggle }
        store.send(.focusMovedForward) { $0.providerSheet.focus = .continueButton }
        let reauth = AuthCall.Reauthenticate(store.state.providerSheet.credential)
        store.send(.activated) {
            $0.presentation.append(busy(3, reauth, by: .layer(4), for: self.step))
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, reauth)])
        let failure = AlertPresentation.failure(.invalidLoginCredentials,
                                                of: Operation(id: 3, call: reauth, owner: .root))
        store.send(.responded(operationID: 3, .failure(AuthError(.invalidLoginCredentials)))) {
            $0.presentation.replace(with: [$0.presentation[0], .alert(failure)])
        }
        store.send(.activated) { $0.presentation.removeLast() }
        store.send(.focusMovedForward) { $0.providerSheet.focus = .cancelButton }
        store.send(.activated) { $0.presentation.replace(with: []) }
        store.finish()
    }

    @Test func aMethodThatCannotReauthenticateReportsTheRefusal() {
        var store = refusedStore()
        store.send(.responded(operationID: 2, .success("custom"))) {
            $0.presentation.replace(with: [.alert(.failure(.credentialTooOldLoginAgain, of: self.refused))])
        }
        store.finish()
    }

    @Test func deletingAfterAnOldSignInAsksAgainThenDeletes() {
        var state = signedInState(alice)
        state.presentation.replace(with: [.busy(Operation(id: 1, call: AuthCall.DeleteAccount(), owner: .root))])
        state.nextOperationID = 2
        var store = NavigatorStore(state: state)
        let delete = Operation(id: 1, call: AuthCall.DeleteAccount(), owner: .root)
        store.send(.responded(operationID: 1, .failure(tooOld))) {
            $0.presentation.replace(with: [busy(2, AuthCall.FetchSignInProvider(),
                                                for: .reauthentication(RefusedCall(delete)))])
            $0.nextOperationID = 3
        }
        store.expectEffects([.run(operationID: 2, AuthCall.FetchSignInProvider())])
        passwordSignInFound(methods: ["password"], shows: .passwordReauthSheet(PasswordReauthSheet.State(
            email: "alice@example.com", refused: RefusedCall(delete))), in: &store, for: delete, by: .root)
        store.type("hunter22", into: \.passwordSheet.password)
        let right = AuthCall.Reauthenticate(.emailPassword(email: "alice@example.com", password: "hunter22"))
        store.send(.activated) {
            $0.presentation.append(busy(4, right, by: .layer(4), for: .reauthentication(RefusedCall(delete))))
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, right)])
        reauthenticated(alice, replaying: AuthCall(AuthCall.DeleteAccount()), by: .root, as: 5, in: &store)
        store.send(.responded(operationID: 5, .success(true))) {
            $0.presentation.replace(with: [okAlert(.accountDeleted)])
            $0.currentUser = nil
            $0.authenticationState = .unauthenticated
            $0.root = .picker(AuthPicker.State(providers: [.email], showsCancelButton: true))
        }
        store.finish()
    }
}
