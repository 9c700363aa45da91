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
        if next.scrolledScreen != state.scrolledScreen { next.scroll = ScrollState() }
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
            return start(AuthCall.LoadSession())
        case .quitRequested:
            // A browser sign-in's listener is stopped rather than waited for.
            return path.flatMap(\.feature.backgroundOperations).map { .cancel(operationID: $0) } + [.quit]
        case .clockTicked(let date):
            tick(date)
            return []
        case .layerRequested(let layer):
            presentation.append(layer)
            return []
        case .scrolled(let move):
            scroll(move)
            return []
        case .viewportMeasured(let viewport):
            measured(viewport)
            return []
        case .responded(let id, let response):
            return deliver(response, for: id)
        case .input(let input):
            // Only the top element receives a person's input; when the screen took it and
            // something changed, its focused control comes back into view.
            let before = self
            let effects = reduce(topElement) { feature, navigator, id in feature.handle(input, in: &navigator, as: id) }
                ?? []
            if before.presentation.isEmpty, self != before || !effects.isEmpty { scroll.firstRow = nil }
            return effects
        }
    }

    /// The keys that act now: the top element's.
    public var keyBindings: [KeyBinding] {
        if let layer = topLayer { return layer.feature.keyBindings(in: self) }
        return (path.last?.feature ?? root.feature).keyBindings(in: self)
    }

    /// Runs `body` on the feature of element `id`, the rest of the state beside it; nil when the element is gone.
    /// The feature's changes are kept unless `body` changed its element through the state (replaced or removed it).
    mutating func reduce<Result>(_ id: ElementID,
                                 _ body: (inout any Feature, inout NavigatorState, ElementID) -> Result) -> Result? {
        switch id {
        case .root:
            let before = root
            var feature: any Feature = root.feature
            let result = body(&feature, &self, id)
            guard root == before else { return result }
            if let picker = feature as? AuthPicker.State { root = .picker(picker) }
            if let signedIn = feature as? SignedIn.State { root = .signedIn(signedIn) }
            return result
        case .route(let routeID):
            guard let before = path[id: routeID] else { return nil }
            var feature: any Feature = before.feature
            let result = body(&feature, &self, id)
            if path[id: routeID] == before, let route = feature as? any FormReducer { path[id: routeID] = Route(route) }
            return result
        case .layer(let layerID):
            guard let before = presentation[id: layerID] else { return nil }
            var feature = before.feature
            let result = body(&feature, &self, id)
            if presentation[id: layerID] == before { presentation[id: layerID] = Presentation(feature) }
            return result
        }
    }

    /// Starts a call as a new operation of `owner` (by default the element on top, busy layers aside); the busy
    /// layer shows until its response arrives.
    mutating func start(_ call: some BackendCall, purpose: Operation.Purpose = .request,
                        by owner: ElementID? = nil) -> [NavigatorEffect] {
        start(AuthCall(call), purpose: purpose, by: owner)
    }

    /// Starts a call kept by an operation (Retry, a replay) as a new operation. A call that would end a guest
    /// session asks first (FirebaseUI ends it silently on some paths): Cancel, focused, stays a guest; Continue
    /// starts it.
    mutating func start(_ call: AuthCall, purpose: Operation.Purpose, by owner: ElementID? = nil) -> [NavigatorEffect] {
        if purpose == .request, currentUser?.isAnonymous == true,
           call.endsGuestSession(upgradingGuests: configuration.shouldAutoUpgradeAnonymousUsers) {
            present(AlertPresentation.confirmEndingGuestSession(before: call))
            return []
        }
        return begin(call, purpose: purpose, by: owner)
    }

    /// Starts a call as it is, with nothing asked first.
    mutating func begin(_ call: AuthCall, purpose: Operation.Purpose, by owner: ElementID? = nil) -> [NavigatorEffect] {
        let operation = Operation(id: nextOperationID, call: call, owner: owner ?? currentOwner, purpose: purpose)
        nextOperationID += 1
        presentation.append(Presentation(operation))
        if call.kind.isSignIn { authenticationState = .authenticating }
        return [.run(operationID: operation.id, call)]
    }

    /// Starts a call that runs in the background while a screen shows (a browser's return); returns its id, which
    /// the screen's `backgroundOperations` then lists.
    mutating func startInBackground(_ call: some BackendCall) -> (id: Int, effects: [NavigatorEffect]) {
        let id = nextOperationID
        nextOperationID += 1
        return (id, [.run(operationID: id, AuthCall(call))])
    }

    /// Pushes a screen.
    mutating func push(_ route: some FormReducer) {
        path.append(Route(route))
    }

    /// Pushes a screen, replacing the top one when it is of the same kind.
    mutating func show<Screen: FormReducer>(_ route: Screen) {
        if path.last?.feature is Screen { path.removeLast() }
        path.append(Route(route))
    }

    /// Presents a layer over the screen.
    mutating func present(_ layer: some Feature) {
        presentation.append(Presentation(layer))
    }

    /// Closes a layer (or pops a route): what it started stops with it.
    mutating func remove(_ element: ElementID) {
        switch element {
        case .root: break
        case .route(let id): path[id: id] = nil
        case .layer(let id): presentation[id: id] = nil
        }
    }

    /// Esc on a screen: pop a route (a browser sign-in stops listening, a device sign-in polling), or cancel at the
    /// picker root (unless the Cancel button is hidden); when the picker holds typed text, a stray Esc only asks, and
    /// a second one quits (DECISIONS.md).
    mutating func goBack() -> [NavigatorEffect] {
        if !path.isEmpty {
            path.removeLast()
            return []
        }
        guard isCancelAvailable else { return [] }
        if picker?.holdsTypedInput == true {
            present(AlertPresentation.confirmQuit)
            return []
        }
        return [.quit]
    }

    /// Whether Esc at the root leaves the app: at the picker and, as FirebaseUI keeps its ✕ when signed in, at the
    /// account screen (the app then ends signed in).
    public var isCancelAvailable: Bool { !configuration.shouldHideCancelButton }

    /// F2: the inbox loads, then shows over what is on top.
    mutating func openInbox() -> [NavigatorEffect] {
        hasInbox ? start(AuthCall.LoadInbox()) : []
    }

    /// Ctrl-R on a password field shows or hides every password.
    mutating func reveal(_ form: some FormFeature) -> [NavigatorEffect] {
        if form.isFocusSecure { isPasswordRevealed.toggle() }
        return []
    }

    /// The keys every screen adds to its form's: Esc goes back (listed after the inbox at the root, where it
    /// leaves: Ctrl-C says the same), F2 opens the inbox.
    var screenBindings: [KeyBinding] {
        var bindings: [KeyBinding] = []
        if !path.isEmpty { bindings.append(.escape(.back)) }
        if hasInbox { bindings.append(.inbox) }
        if path.isEmpty, isCancelAvailable { bindings.append(.escape(.quit)) }
        return bindings
    }

    /// Only running countdowns need the time; ignoring the rest keeps an idle screen unchanged.
    private mutating func tick(_ date: Date) {
        for id in path.ids {
            guard var feature = path[id: id]?.feature, feature.tick(date) else { continue }
            path[id: id] = Route(feature)
        }
        for id in presentation.ids {
            guard var feature = presentation[id: id]?.feature, feature.tick(date) else { continue }
            presentation[id: id] = Presentation(feature)
        }
    }

    /// Esc on a sheet: FirebaseUI inverts `interactiveDismissEnabled`; here it means what it says.
    mutating func dismissSheet(_ id: ElementID) -> [NavigatorEffect] {
        if configuration.interactiveDismissEnabled { remove(id) }
        return []
    }
}
