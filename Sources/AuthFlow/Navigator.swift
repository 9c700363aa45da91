import FoundationEssentials
import AuthCore

/// The pure state machine behind every screen: `update(state, event) -> (state, effects)`.
///
/// It performs no I/O, reads no clock and draws nothing; the runner executes the returned effects
/// and feeds their results back as `.responded` events.
public enum Navigator {
    /// The next state and the effects to run after `event`.
    public static func update(_ state: NavigatorState, _ event: NavigatorEvent) -> (NavigatorState, [NavigatorEffect]) {
        var next = state
        let effects = next.handle(event)
        var answered: Int?
        if case .responded(let id, _) = event { answered = id }
        return (next, next.cancelOrphans(before: state, answered: answered) + effects)
    }

    /// Whether `event` would change anything now (the key map lists only keys that act).
    public static func acts(_ event: NavigatorEvent, in state: NavigatorState) -> Bool {
        let (next, effects) = update(state, event)
        return next != state || !effects.isEmpty
    }
}

extension NavigatorState {
    mutating func handle(_ event: NavigatorEvent) -> [NavigatorEffect] {
        switch event {
        case .started:
            return start(.loadSession, as: .loadingSession)
        case .quitRequested:
            // A browser sign-in's listener is stopped rather than waited for.
            return path.compactMap(\.waitOperationID).map { .cancel(operationID: $0) } + [.quit]
        case .clockTicked(let date):
            tick(date)
            return []
        case .responded(let id, let response):
            return receive(response, for: id)
        default:
            break
        }
        // Only the top layer receives a person's input.
        switch topLayer {
        case .busy(let operation)?:
            return event == .backRequested ? stopWaiting(for: operation) : []
        case .alert(let alert)?:
            return alertInput(event, alert)
        case .identityProviderSheet(var sheet)?:
            if event == .backRequested { return dismissSheet() }
            let delegate = drive(&sheet, event) { $0.activate($1) }
            replaceTopLayer(with: .identityProviderSheet(sheet))
            return delegate.map { identityProviderSheetAsked($0) } ?? []
        case .legacyRecoverySheet(var sheet)?:
            if event == .backRequested { return dismissSheet() }
            let delegate = drive(&sheet, event) { $0.activate($1) }
            replaceTopLayer(with: .legacyRecoverySheet(sheet))
            return delegate.map { legacyRecoveryAsked($0) } ?? []
        case .passwordReauthSheet(var sheet)?:
            if event == .backRequested { return cancelReauthentication() }
            if event == .passwordRevealToggled {
                if sheet.isFocusSecure { isPasswordRevealed.toggle() }
                return []
            }
            let delegate = drive(&sheet, event) { $0.activate($1) }
            replaceTopLayer(with: .passwordReauthSheet(sheet))
            return delegate.map { passwordReauthAsked($0) } ?? []
        case .emailLinkReauthSheet(var sheet)?:
            if let effects = reauthenticationSheetKey(event) { return effects }
            let delegate = drive(&sheet, event) { $0.activate($1) }
            replaceTopLayer(with: .emailLinkReauthSheet(sheet))
            return delegate.map { emailLinkReauthAsked($0) } ?? []
        case .phoneReauthSheet(var sheet)?:
            if let effects = reauthenticationSheetKey(event) { return effects }
            let delegate = drive(&sheet, event) { $0.activate($1) }
            replaceTopLayer(with: .phoneReauthSheet(sheet))
            return delegate.map { phoneReauthAsked($0) } ?? []
        case .countryPicker(var picker)?:
            return countryPickerInput(event, &picker)
        case .inbox(var inbox)?:
            return inboxInput(event, &inbox)
        case nil:
            return screenInput(event)
        }
    }

    /// Esc cancels a sheet that waits for a link or code, and F2 opens the inbox over it; nil for other events.
    private mutating func reauthenticationSheetKey(_ event: NavigatorEvent) -> [NavigatorEffect]? {
        switch event {
        case .backRequested: cancelReauthentication()
        case .inboxToggled: hasInbox ? start(.loadInbox, as: .loadingInbox) : []
        default: nil
        }
    }

    /// Input for the screen itself: the top route, or the root.
    private mutating func screenInput(_ event: NavigatorEvent) -> [NavigatorEffect] {
        switch event {
        case .backRequested:
            return goBack()
        case .inboxToggled:
            return hasInbox ? start(.loadInbox, as: .loadingInbox) : []
        case .passwordRevealToggled:
            if screenForm.isFocusSecure { isPasswordRevealed.toggle() }
            return []
        default:
            break
        }
        let top = path.count - 1
        switch path.last {
        case .passwordRecovery(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .passwordRecovery(feature)
            return delegate.map { passwordRecoveryAsked($0) } ?? []
        case .emailLink(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .emailLink(feature)
            return delegate.map { emailLinkAsked($0) } ?? []
        case .enterPhoneNumber(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .enterPhoneNumber(feature)
            return delegate.map { enterPhoneNumberAsked($0) } ?? []
        case .enterVerificationCode(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .enterVerificationCode(feature)
            return delegate.map { verificationCodeAsked($0) } ?? []
        case .mfaResolution(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .mfaResolution(feature)
            return delegate.map { mfaResolutionAsked($0, feature.required) } ?? []
        case .updatePassword(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .updatePassword(feature)
            return delegate.map { updatePasswordAsked($0) } ?? []
        case .updateProfile(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .updateProfile(feature)
            return delegate.map { updateProfileAsked($0) } ?? []
        case .browserSignIn(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .browserSignIn(feature)
            return delegate.map { browserSignInAsked($0, feature) } ?? []
        case .deviceSignIn(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .deviceSignIn(feature)
            return delegate.map { deviceSignInAsked($0) } ?? []
        case .mfaManagement(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .mfaManagement(feature)
            return delegate.map { mfaManagementAsked($0) } ?? []
        case .mfaEnrollment(var feature)?:
            let delegate = drive(&feature, event) { $0.activate($1) }
            path[top] = .mfaEnrollment(feature)
            return delegate.map { mfaEnrollmentAsked($0) } ?? []
        case nil:
            switch root {
            case .picker(var picker):
                let delegate = drive(&picker, event) { $0.activate($1) }
                root = .picker(picker)
                return delegate.map { pickerAsked($0) } ?? []
            case .signedIn(var signedIn):
                let delegate = drive(&signedIn, event) { $0.activate($1) }
                root = .signedIn(signedIn)
                return delegate.map { signedInAsked($0) } ?? []
            }
        }
    }

    /// Feeds an event to a form; Enter on a control becomes what the feature asks for.
    private func drive<Feature: FormFeature, Delegate>(
        _ feature: inout Feature, _ event: NavigatorEvent,
        activate: (inout Feature, Feature.Control) -> Delegate?
    ) -> Delegate? {
        guard case .activated(let control) = feature.receive(event) else { return nil }
        return activate(&feature, control)
    }

    /// Esc on a screen: pop a route (a browser sign-in stops listening, a device sign-in polling), or cancel at the picker root (unless
    /// the Cancel button is hidden); when the picker holds typed text, a stray Esc only asks, and a second one
    /// quits (DECISIONS.md).
    mutating func goBack() -> [NavigatorEffect] {
        if !path.isEmpty {
            path.removeLast()
            // Only the second-factor screen of a sign-in again can be left while a refused call waits: it is dropped.
            awaitingReauthentication = nil
            return []
        }
        guard isCancelAvailable else { return [] }
        if picker?.holdsTypedInput == true {
            present(.alert(.confirmQuit))
            return []
        }
        return [.quit]
    }

    /// Whether Esc at the root leaves the app.
    public var isCancelAvailable: Bool {
        authenticationState != .authenticated && !configuration.shouldHideCancelButton
    }

    /// Only running countdowns need the time; ignoring the rest keeps an idle screen unchanged. A number's
    /// pending code is forgotten once it can be resent.
    private mutating func tick(_ date: Date) {
        for (number, var pending) in pendingCodes {
            pending.now = date
            pendingCodes[number] = pending.resendCountdown > 0 ? pending : nil
        }
        if let index = presentation.lastIndex(where: { if case .phoneReauthSheet = $0 { true } else { false } }),
           case .phoneReauthSheet(var sheet) = presentation[index], sheet.resendCountdown > 0 {
            sheet.now = date
            presentation[index] = .phoneReauthSheet(sheet)
        }
        switch path.last {
        case .enterVerificationCode(var feature)? where feature.resendCountdown > 0:
            feature.now = date
            path[path.count - 1] = .enterVerificationCode(feature)
        case .mfaEnrollment(var feature)?:
            if feature.tick(date) { path[path.count - 1] = .mfaEnrollment(feature) }
        case .deviceSignIn(var feature)?:
            if feature.tick(date) { path[path.count - 1] = .deviceSignIn(feature) }
        default:
            break
        }
    }

    /// Starts a call as a new operation of `owner` (by default the element on top, busy layers aside); the busy
    /// layer shows until its response arrives.
    mutating func start(_ call: AuthCall, as kind: OperationKind, isReplay: Bool = false,
                        by owner: ElementID? = nil) -> [NavigatorEffect] {
        let operation = Operation(id: nextOperationID, kind: kind, call: call, owner: owner ?? currentOwner,
                                  isReplay: isReplay)
        nextOperationID += 1
        presentation.append(.busy(operation))
        if kind.isSignIn { authenticationState = .authenticating }
        return [.run(operationID: operation.id, call)]
    }

    /// Esc while a call is in flight: its task is cancelled, unless it must not be left half-done.
    private mutating func stopWaiting(for operation: Operation) -> [NavigatorEffect] {
        guard operation.call.canBeAbandoned else { return [] }
        presentation.removeLast()
        // Stopping a step of reauthentication before its sheet is shown gives the reauthentication up.
        if topLayer?.form == nil { awaitingReauthentication = nil }
        if authenticationState == .authenticating { authenticationState = .unauthenticated }
        return operation.kind == .loadingSession ? [.quit] : []
    }

    mutating func present(_ layer: Presentation) {
        presentation.append(layer)
    }

    mutating func replaceTopLayer(with layer: Presentation) {
        presentation.replaceLast(with: layer)
    }

    mutating func push(_ route: Route) {
        path.append(route)
    }

    /// Replaces the top route with `route` when it is of the same kind, else pushes it.
    mutating func show(_ route: Route, replacing sameKind: (Route) -> Bool) {
        if let top = path.last, sameKind(top) { path.removeLast() }
        path.append(route)
    }

    /// Esc on a sheet: FirebaseUI inverts `interactiveDismissEnabled`; here it means what it says.
    private mutating func dismissSheet() -> [NavigatorEffect] {
        if configuration.interactiveDismissEnabled { presentation.removeLast() }
        return []
    }
}
