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
        next.normalizeFocus()
        return (next, effects)
    }
}

extension NavigatorState {
    mutating func handle(_ event: NavigatorEvent) -> [NavigatorEffect] {
        switch event {
        case .started:
            return [.loadSession(operationID: begin(.loadingSession))]
        case .quitRequested:
            return [.quit]
        case .clockTicked(let date):
            // Only a visible countdown needs the time; ignoring the rest keeps an idle screen unchanged.
            if case .enterVerificationCode? = authView, phone.codeSentAt != nil { now = date }
            return []
        case .responded(let id, let response):
            return receive(response, for: id)
        case .backRequested:
            return goBack()
        default:
            // While a call is in flight only Esc, quit and responses are honoured.
            guard operation == nil else { return [] }
            return handleInput(event)
        }
    }

    private mutating func handleInput(_ event: NavigatorEvent) -> [NavigatorEffect] {
        if let alert {
            switch event {
            case .activated where retry != nil && alertSelection == 1:
                return retryFailedCall()
            case .activated:
                return dismiss(alert)
            case .focusMovedForward, .focusMovedBackward:
                if retry != nil { alertSelection = 1 - alertSelection }
                return []
            default:
                return []
            }
        }
        if countryPicker != nil, case .selectionMoved(let delta) = event {
            moveCountrySelection(by: delta)
            return []
        }
        if inbox != nil {
            switch event {
            case .activated: return useSelectedMessage()
            case .selectionMoved(let delta): moveInboxSelection(by: delta)
            case .inboxToggled: return toggleInbox()
            default: break
            }
            return []
        }
        switch event {
        case .edited(let edit):
            guard focus.isTextField else { return [] }
            updateInput(for: focus) { $0.apply(edit) }
            afterEditing(focus)
            return []
        case .focusMovedForward:
            moveFocus(by: 1)
            return []
        case .focusMovedBackward:
            moveFocus(by: -1)
            return []
        case .passwordRevealToggled:
            isPasswordRevealed.toggle()
            return []
        case .inboxToggled:
            return toggleInbox()
        case .activated:
            return activate(focus)
        default:
            return []
        }
    }

    /// Starts an operation and returns its id.
    mutating func begin(_ kind: OperationKind, credential: AuthCredential? = nil) -> Int {
        let id = nextOperationID
        nextOperationID += 1
        operation = Operation(id: id, kind: kind, credential: credential)
        if kind.isSignIn { authenticationState = .authenticating }
        return id
    }

    private mutating func moveFocus(by delta: Int) {
        let order = focusOrder
        guard !order.isEmpty else { return }
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + delta + order.count) % order.count]
    }

    /// Esc: stop waiting, dismiss the alert or inbox, pop a route, or cancel at the picker root.
    private mutating func goBack() -> [NavigatorEffect] {
        if let operation {
            self.operation = nil
            if authenticationState == .authenticating { authenticationState = .unauthenticated }
            return operation.kind == .loadingSession ? [.quit] : []
        }
        if let alert {
            return dismiss(alert)
        }
        if sheet != nil {
            // FirebaseUI inverts `interactiveDismissEnabled`; here it means what it says.
            if configuration.interactiveDismissEnabled { closeSheet() }
            return []
        }
        if inbox != nil {
            inbox = nil
            return []
        }
        if !routes.isEmpty {
            popRoute()
            return []
        }
        if authenticationState != .authenticated, !configuration.shouldHideCancelButton {
            return [.quit]
        }
        return []
    }

    mutating func openSheet(_ shown: SheetState) {
        if sheet == nil { focusBeneathSheet = focus }
        sheet = shown
        focus = focusOrder.first ?? focus
    }

    mutating func closeSheet() {
        sheet = nil
        focus = focusBeneathSheet ?? focus
        focusBeneathSheet = nil
    }

    mutating func popRoute() {
        routes.removeLast()
        focus = focusOrder.first ?? focus
    }

    mutating func push(_ route: AuthView) {
        routes.append(route)
        focus = focusOrder.first ?? focus
    }
}
