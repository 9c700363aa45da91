import Foundation
import AuthCore
import Testing
@testable import AuthFlow

@Suite struct MFAEnrollmentTests {
    private let secret = TOTPSecret(sessionInfo: "totp-session", sharedSecretKey: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
                                    qrCodeURL: "otpauth://totp/Firebase%20Auth:alice%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Firebase%20Auth")
    private let start = Date(timeIntervalSince1970: 2_000_000)

    /// Alice, with no factor yet, pressed "Set up two-factor authentication".
    private func enrollingStore() -> NavigatorStore {
        var store = managingStore([])
        store.send(.activated) {
            $0.path.append(.mfaEnrollment(MFAEnrollment.State(allowed: [.sms, .totp], country: $0.defaultCountry)))
        }
        return store
    }

    /// The authenticator app was chosen and its secret arrived (operation #3).
    private func authenticatorAppStore() -> NavigatorStore {
        var store = enrollingStore()
        #expect(store.state.enrollmentForm.controls == [.factorType(.sms), .factorType(.totp), .startButton])
        store.send(.focusMovedForward) { $0.enrollmentForm.focus = .factorType(.totp) }
        store.send(.activated) {
            $0.enrollmentForm.selection = .totp
            $0.enrollmentForm.focus = .startButton
        }
        let call = AuthCall.StartTOTPEnrollment(accountName: "alice@example.com")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, call, by: .route(2))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, call)])
        store.send(.responded(operationID: 3, .success(TOTPEnrollmentStarted(secret: secret, startedAt: start)))) {
            $0.presentation.replace(with: [])
            $0.enrollmentForm.step = .authenticatorApp(TOTPEnrollmentStarted(secret: secret, startedAt: start))
            $0.enrollmentForm.focus = .displayNameField
        }
        return store
    }

    @Test func anAuthenticatorAppIsEnrolledWithItsCodeAndListed() {
        var store = authenticatorAppStore()
        #expect(store.state.enrollmentForm.controls == [.displayNameField, .codeField, .completeButton])
        store.type("laptop", into: \.enrollmentForm.displayName)
        store.send(.activated) { $0.enrollmentForm.focus = .codeField }
        store.send(.edited(.insert("123 456"))) {
            $0.enrollmentForm.code = TextInput("123456")
            $0.enrollmentForm.code.hasBeenEdited = true
        }
        let enroll = AuthCall.EnrollSecondFactor(.totp(sessionInfo: "totp-session", code: "123456"), displayName: "laptop")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(4, enroll, by: .route(2))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, enroll)])
        store.send(.responded(operationID: 4, .success([appFactor]))) {
            $0.accountForm.secondFactorCount = 1
            $0.presentation.replace(with: [])
            $0.path.removeLast()
            $0.managementForm.factors = [appFactor]
        }
        store.finish()
    }

    /// Types `code` into the authenticator-app step (no name) and submits it as operation #4.
    private func submitAppCode(_ code: String, in store: inout NavigatorStore) -> AuthFlow.Operation {
        store.send(.focusMovedForward) { $0.enrollmentForm.focus = .codeField }
        store.send(.edited(.insert(code))) {
            $0.enrollmentForm.code = TextInput(code)
            $0.enrollmentForm.code.hasBeenEdited = true
        }
        let enroll = Operation(id: 4, call: AuthCall.EnrollSecondFactor(.totp(sessionInfo: "totp-session", code: code), displayName: nil), owner: .route(2))
        store.send(.activated) { $0.presentation.replace(with: [.busy(enroll)]); $0.nextOperationID = 5 }
        store.expectEffects([.run(operationID: 4, enroll.call)])
        return enroll
    }

    @Test func aWrongCodeIsReportedAndClearedForTheNextTry() {
        var store = authenticatorAppStore()
        let enroll = submitAppCode("000000", in: &store)
        store.send(.responded(operationID: 4, .failure(AuthError(.invalidCode)))) {
            $0.presentation.replace(with: [.alert(.failure(.invalidCode, of: enroll))])
            $0.enrollmentForm.code = TextInput()
        }
        store.finish()
    }

    @Test func theSessionExpiresAfterTenMinutesAndStartsAgain() {
        var store = authenticatorAppStore()
        store.send(.clockTicked(start.addingTimeInterval(599)))
        store.send(.clockTicked(start.addingTimeInterval(600))) {
            $0.enrollmentForm.step = .expired
            $0.enrollmentForm.focus = .startButton
        }
        #expect(store.state.enrollmentForm.controls == [.startButton])
        let call = AuthCall.StartTOTPEnrollment(accountName: "alice@example.com")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(4, call, by: .route(2))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, call)])
        store.finish()
    }

    @Test func aSessionTheBackendCallsExpiredEndsTheStep() {
        var store = authenticatorAppStore()
        let enroll = submitAppCode("111111", in: &store)
        store.send(.responded(operationID: 4, .failure(AuthError(.sessionExpired)))) {
            $0.presentation.replace(with: [.alert(.failure(.sessionExpired, of: enroll))])
            $0.enrollmentForm.step = .expired
            $0.enrollmentForm.code = TextInput()
            $0.enrollmentForm.focus = .startButton
        }
        store.finish()
    }

    /// UNSUPPORTED_FIRST_FACTOR while enrolling keeps enrolment's words ("add an email address"), not phone
    /// sign-in's.
    @Test func anEnrolmentRefusedForTheFirstFactorKeepsEnrolmentsWords() {
        var store = enrollingStore()
        store.send(.focusMovedForward) { $0.enrollmentForm.focus = .factorType(.totp) }
        store.send(.focusMovedForward) { $0.enrollmentForm.focus = .startButton }
        store.send(.activated) {
            $0.enrollmentForm.step = .phoneNumber
            $0.enrollmentForm.focus = .numberField
        }
        store.type("6505551234", into: \.enrollmentForm.phone.number)
        store.send(.activated) { $0.enrollmentForm.focus = .displayNameField }
        store.type("my phone", into: \.enrollmentForm.displayName)
        let send = AuthCall.StartPhoneEnrollment(phoneNumber: "+16505551234")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, send, by: .route(2))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, send)])
        store.send(.responded(operationID: 3, .failure(AuthError(.unsupportedFirstFactor)))) {
            $0.presentation.replace(with: [okAlert(.error(.unsupportedFirstFactor, during: .sendingEnrollmentCode))])
        }
        store.finish()
    }

    @Test func aTextMessageNeedsANumberAndANameThenItsCodeFromTheInbox() {
        var store = enrollingStore()
        store.send(.focusMovedForward) { $0.enrollmentForm.focus = .factorType(.totp) }
        store.send(.focusMovedForward) { $0.enrollmentForm.focus = .startButton }
        store.send(.activated) {
            $0.enrollmentForm.step = .phoneNumber
            $0.enrollmentForm.focus = .numberField
        }
        #expect(store.state.enrollmentForm.controls == [.countryButton, .numberField, .displayNameField, .sendCodeButton])
        store.type("6505551234", into: \.enrollmentForm.phone.number)
        store.send(.activated) { $0.enrollmentForm.focus = .displayNameField }
        // No name yet: the rule shows and nothing is sent.
        store.send(.activated) { $0.enrollmentForm.displayName.hasBeenEdited = true }
        #expect(store.state.enrollmentForm.visibleValidation(for: .displayNameField)
            == [ValidationResult(rule: .displayName, isSatisfied: false)])
        store.type("my phone", into: \.enrollmentForm.displayName)
        let send = AuthCall.StartPhoneEnrollment(phoneNumber: "+16505551234")
        store.send(.activated) {
            $0.presentation.replace(with: [busy(3, send, by: .route(2))])
            $0.nextOperationID = 4
        }
        store.expectEffects([.run(operationID: 3, send)])
        let sent = PhoneCodeSent(verificationID: "sms-session", phoneNumber: "+16505551234", sentAt: start)
        store.send(.responded(operationID: 3, .success(sent))) {
            $0.presentation.replace(with: [])
            $0.enrollmentForm.step = .textMessageCode(sent)
            $0.enrollmentForm.now = start
            $0.enrollmentForm.focus = .codeField
        }
        #expect(store.state.enrollmentForm.resendCountdown == 30)
        store.send(.clockTicked(start.addingTimeInterval(10))) { $0.enrollmentForm.now = start.addingTimeInterval(10) }
        #expect(store.state.enrollmentForm.resendCountdown == 20)

        // The code comes from the inbox: Enter on the text message enrols at once.
        let message = OutboxMessage(id: 7, kind: .sms, recipient: "+16505551234", link: nil, code: "424242", sentAt: start)
        #expect(store.state.canUse(message))
        store.send(.inboxToggled) {
            $0.presentation.replace(with: [busy(4, AuthCall.LoadInbox(), by: .route(2))])
            $0.nextOperationID = 5
        }
        store.expectEffects([.run(operationID: 4, AuthCall.LoadInbox())])
        store.send(.responded(operationID: 4, .success([message]))) {
            $0.presentation.replace(with: [.inbox(Inbox.State(messages: [message]))])
        }
        let enroll = AuthCall.EnrollSecondFactor(.phone(verificationID: "sms-session", code: "424242"),
                                                 displayName: "my phone")
        store.send(.activated) {
            $0.enrollmentForm.code = TextInput("424242")
            $0.enrollmentForm.focus = .completeButton
            $0.presentation.replace(with: [busy(5, enroll, by: .route(2))])
            $0.nextOperationID = 6
        }
        store.expectEffects([.run(operationID: 5, enroll)])
        store.send(.responded(operationID: 5, .success([smsFactor]))) {
            $0.accountForm.secondFactorCount = 1
            $0.presentation.replace(with: [])
            $0.path.removeLast()
            $0.managementForm.factors = [smsFactor]
        }
        store.finish()
    }

    @Test func theKeyAndTheURIAreCopiedOnlyWhereTheTerminalTakesThem() {
        var state = NavigatorState(configuration: AuthConfiguration(mfaEnabled: true), providers: [.email],
                                   canCopyToClipboard: true)
        var feature = MFAEnrollment.State(allowed: [.totp], country: state.defaultCountry, canCopy: true)
        feature.authenticatorAppStarted(TOTPEnrollmentStarted(secret: secret, startedAt: start))
        #expect(feature.controls == [.copyKeyButton, .copyURIButton, .displayNameField, .codeField, .completeButton])
        #expect(feature.focus == .copyKeyButton)
        state.path.replace(with: [.mfaEnrollment(feature)])
        var store = NavigatorStore(state: state)
        store.send(.activated) { $0.enrollmentForm.copied = true }
        store.expectEffects([.copyToClipboard("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")])
        store.send(.input(.focusMovedForward)) { $0.enrollmentForm.focus = .copyURIButton }
        store.send(.activated)
        store.expectEffects([.copyToClipboard(secret.qrCodeURL)])
        store.finish()
        var plain = MFAEnrollment.State(allowed: [.totp], country: state.defaultCountry)
        plain.authenticatorAppStarted(TOTPEnrollmentStarted(secret: secret, startedAt: start))
        #expect(!plain.controls.contains(.copyKeyButton))
        #expect(!plain.controls.contains(.copyURIButton))
    }
}
