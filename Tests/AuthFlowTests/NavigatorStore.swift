import AuthCore
import Testing
import TestSupport
@testable import AuthFlow

/// An exhaustive test driver for the Navigator (the idea of TCA's TestStore).
///
/// Each `send` states the whole expected change to the state (a difference is printed part by part,
/// `StructuralDiff`); every emitted effect must be claimed with `expectEffects` before the next `send`, and
/// `finish()` fails on unclaimed ones. After every event the
/// Navigator's invariants are checked, the footer's and the frame's included (`NavigatorInvariants`), and so
/// are the waiting screens' background waits (`BackgroundWaits`).
struct NavigatorStore {
    private(set) var state: NavigatorState
    private var unclaimedEffects: [NavigatorEffect] = []
    private var waits: BackgroundWaits

    init(configuration: AuthConfiguration = AuthConfiguration(), providers: [AuthProvider] = [.email]) {
        self.init(state: NavigatorState(configuration: configuration, providers: providers))
    }

    init(state: NavigatorState) {
        self.state = state
        waits = BackgroundWaits(state)
    }

    /// Sends an event; `change` turns the previous state into the expected next one.
    mutating func send(_ event: NavigatorEvent, sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout NavigatorState) -> Void = { _ in }) {
        #expect(unclaimedEffects.isEmpty, "unclaimed effects before \(event): \(unclaimedEffects)",
                sourceLocation: sourceLocation)
        var expected = state
        change(&expected)
        let (next, effects) = Navigator.update(state, event)
        if next != expected {
            let differences = StructuralDiff.message(expected: expected, actual: next)
            Issue.record("state after \(event) differs:\n\(differences)", sourceLocation: sourceLocation)
        }
        waits.update(after: event, effects: effects, in: next)
        for broken in NavigatorInvariants.allViolations(before: state, event: event, after: next)
            + waits.violations(in: next) {
            Issue.record("invariant broken after \(event): \(broken)", sourceLocation: sourceLocation)
        }
        state = next
        unclaimedEffects = effects
    }

    /// Claims the effects the last event emitted, in order.
    mutating func expectEffects(_ expected: [NavigatorEffect], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(unclaimedEffects == expected, sourceLocation: sourceLocation)
        unclaimedEffects = []
    }

    /// Types text into the focused field, one edit per character as the key map sends them; `field` is
    /// where the typed text is expected to land.
    mutating func type(_ text: String, into field: WritableKeyPath<NavigatorState, TextInput>,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        for character in text {
            send(.edited(.insert(String(character))), sourceLocation: sourceLocation) {
                $0[keyPath: field].apply(.insert(String(character)))
            }
        }
    }

    /// Fails if effects were emitted and never claimed.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(unclaimedEffects.isEmpty, "unclaimed effects: \(unclaimedEffects)", sourceLocation: sourceLocation)
    }

    /// F2 over the screen: the inbox loads as operation `id`.
    mutating func openInbox(as id: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.inboxToggled, sourceLocation: sourceLocation) {
            $0.presentation.append(busy(id, AuthCall.LoadInbox(), by: $0.currentOwner))
            $0.nextOperationID = id + 1
        }
        expectEffects([.run(operationID: id, AuthCall.LoadInbox())], sourceLocation: sourceLocation)
    }
}

/// Test access to the features inside the state, so expected changes read as plain assignments.
extension NavigatorState {
    var pickerForm: AuthPicker.State {
        get { picker! }
        set { root = .picker(newValue) }
    }

    var accountForm: SignedIn.State {
        get { if case .signedIn(let account) = root { account } else { fatalError("no account screen") } }
        set { root = .signedIn(newValue) }
    }

    var updatePasswordForm: UpdatePassword.State {
        get { self[route: UpdatePassword.State.self] }
        set { self[route: UpdatePassword.State.self] = newValue }
    }

    var profileForm: UpdateProfile.State {
        get { self[route: UpdateProfile.State.self] }
        set { self[route: UpdateProfile.State.self] = newValue }
    }

    var passwordSheet: PasswordReauthSheet.State {
        get { self[layer: PasswordReauthSheet.State.self] }
        set { self[layer: PasswordReauthSheet.State.self] = newValue }
    }

    var phoneSheet: VerificationCode.State {
        get { self[layer: VerificationCode.State.self] }
        set { self[layer: VerificationCode.State.self] = newValue }
    }

    var recovery: PasswordRecovery.State {
        get { self[route: PasswordRecovery.State.self] }
        set { self[route: PasswordRecovery.State.self] = newValue }
    }

    var emailLinkForm: EmailLink.State {
        get { self[route: EmailLink.State.self] }
        set { self[route: EmailLink.State.self] = newValue }
    }

    var recaptchaForm: RecaptchaVerification.State {
        get { self[route: RecaptchaVerification.State.self] }
        set { self[route: RecaptchaVerification.State.self] = newValue }
    }

    var phoneForm: EnterPhoneNumber.State {
        get { self[route: EnterPhoneNumber.State.self] }
        set { self[route: EnterPhoneNumber.State.self] = newValue }
    }

    var codeForm: VerificationCode.State {
        get { self[route: VerificationCode.State.self] }
        set { self[route: VerificationCode.State.self] = newValue }
    }

    var providerSheet: IdentityProviderSheet.State {
        get { self[layer: IdentityProviderSheet.State.self] }
        set { self[layer: IdentityProviderSheet.State.self] = newValue }
    }

    var countrySheet: CountryPicker.State {
        get { self[layer: CountryPicker.State.self] }
        set { self[layer: CountryPicker.State.self] = newValue }
    }
}

extension NavigatorState {
    /// The phone screen's pending codes, wherever that screen is in the path (its code screen may be over it).
    var pendingCodes: [String: VerificationCode.State] {
        get { phoneScreen.pendingCodes }
        set { phoneScreen.pendingCodes = newValue }
    }

    private var phoneScreen: EnterPhoneNumber.State {
        get {
            guard let phone = path.lazy.compactMap({ $0.feature as? EnterPhoneNumber.State }).first else {
                fatalError("no phone screen: \(path)")
            }
            return phone
        }
        set {
            guard let index = path.firstIndex(where: { $0.feature is EnterPhoneNumber.State }) else { return }
            path[index] = .enterPhoneNumber(newValue)
        }
    }

    /// The account screen as it first shows for `user`, provisioned for them or not.
    func accountScreen(_ user: User, provisioned: Bool = false) -> RootScreen {
        .signedIn(SignedIn.State(user: user, methods: providers, showsMFAManagement: configuration.mfaEnabled,
                                 provisionedUserID: provisioned ? user.uid : nil))
    }
}

/// `user` signed in, on the account screen, with `providers` configured.
func signedInState(_ user: User, providers: [AuthProvider] = [.email],
                   configuration: AuthConfiguration = AuthConfiguration()) -> NavigatorState {
    var state = NavigatorState(configuration: configuration, providers: providers)
    state.authenticationState = .authenticated
    state.currentUser = user
    state.root = state.accountScreen(user)
    return state
}

/// A busy layer for operation `id`, started by `owner` for `purpose`.
func busy(_ id: Int, _ call: some BackendCall, by owner: ElementID = .root,
          for purpose: Operation.Purpose = .request) -> Presentation {
    .busy(Operation(id: id, call: call, owner: owner, purpose: purpose))
}

/// An alert with one OK button that does `action`.
func okAlert(_ content: AlertState, then action: AlertAction = .dismiss) -> Presentation {
    .alert(AlertPresentation(content, buttons: [AlertButton(.ok, action)], escapeAction: action))
}

/// A signed-out store whose session has been loaded.
func signedOutStore(configuration: AuthConfiguration = AuthConfiguration()) -> NavigatorStore {
    var store = NavigatorStore(configuration: configuration)
    store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
    store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
    store.send(.responded(operationID: 1, .success(SessionSnapshot(user: nil)))) { $0.presentation.replace(with: []) }
    return store
}

/// A signed-out store whose sign-in form holds `email` and `password`, typed and tabbed through to its button.
func filledSignInForm(email: String, password: String) -> NavigatorStore {
    var store = signedOutStore()
    store.type(email, into: \.pickerForm.email)
    store.send(.focusMovedForward) { $0.pickerForm.focus = .passwordField }
    store.type(password, into: \.pickerForm.password)
    store.send(.focusMovedForward) { $0.pickerForm.focus = .troubleSigningInLink }
    store.send(.focusMovedForward) { $0.pickerForm.focus = .submitButton }
    return store
}

/// A store where Alice typed her email and password and pressed Enter: sign-in #2 is in flight.
func aliceSigningIn() -> NavigatorStore {
    var store = signedOutStore()
    store.type("alice@example.com", into: \.pickerForm.email)
    store.send(.activated) { $0.pickerForm.focus = .passwordField }
    store.type("hunter22", into: \.pickerForm.password)
    store.send(.activated) {
        $0.presentation.replace(with: [busy(2, AuthCall.SignIn(email: "alice@example.com", password: "hunter22"))])
        $0.nextOperationID = 3
        $0.authenticationState = .authenticating
    }
    store.expectEffects([.run(operationID: 2, AuthCall.SignIn(email: "alice@example.com", password: "hunter22"))])
    return store
}

/// A store that started: loading the session is operation #1.
func startedStore() -> NavigatorStore {
    var store = NavigatorStore()
    store.send(.started) { $0.presentation.replace(with: [busy(1, AuthCall.LoadSession())]); $0.nextOperationID = 2 }
    store.expectEffects([.run(operationID: 1, AuthCall.LoadSession())])
    return store
}

/// A store that started and loaded `user` as the persisted session: a guest stays on the picker, which offers
/// Sign out.
func loadedStore(_ user: User?) -> NavigatorStore {
    var store = startedStore()
    store.send(.responded(operationID: 1, .success(SessionSnapshot(user: user)))) {
        $0.presentation.replace(with: [])
        $0.currentUser = user
        if let user, user.isAnonymous {
            $0.pickerForm.isGuest = true
        } else if let user {
            $0.authenticationState = .authenticated
            $0.root = $0.accountScreen(user)
        }
    }
    return store
}

/// The verification of a second factor with `call` as operation `id`, started by Enter; it signs in.
func verifyingSecondFactor(_ call: some BackendCall, id: Int, for purpose: Operation.Purpose = .request,
                           in store: inout NavigatorStore, sourceLocation: SourceLocation = #_sourceLocation) {
    store.send(.activated, sourceLocation: sourceLocation) {
        $0.presentation.replace(with: [busy(id, call, by: $0.topElement, for: purpose)])
        $0.nextOperationID = id + 1
        $0.authenticationState = .authenticating
    }
    store.expectEffects([.run(operationID: id, call)], sourceLocation: sourceLocation)
}

let alice = User(uid: "u1", email: "alice@example.com", providerIDs: ["password"])

extension NavigatorState {
    var managementForm: MFAManagement.State {
        get { self[route: MFAManagement.State.self] }
        set { self[route: MFAManagement.State.self] = newValue }
    }

    var enrollmentForm: MFAEnrollment.State {
        get { self[route: MFAEnrollment.State.self] }
        set { self[route: MFAEnrollment.State.self] = newValue }
    }

    var resolutionForm: MFAResolution.State {
        get { self[route: MFAResolution.State.self] }
        set { self[route: MFAResolution.State.self] = newValue }
    }
}
