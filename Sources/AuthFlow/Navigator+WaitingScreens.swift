import AuthCore

/// What the browser and device-code sign-in screens share: a call that waits in the background while the screen
/// shows (the browser's return, the person's approval), stopped when the screen is left, and whose answer takes
/// the screen over; and how every call stops with the element it belongs to.
extension NavigatorState {
    /// Leaves the waiting screen on top, if one is; its wait stops with it (the listener closes, the polling stops).
    mutating func leaveWaitingScreen() {
        guard path.last?.feature.backgroundOperations.isEmpty == false else { return }
        path.removeLast()
    }

    /// The waiting screen's wait answered: the screen goes with every layer over it (F2's inbox, an alert), and
    /// with them the calls shown busy there, so what the answer starts is the only call in flight.
    mutating func waitAnswered(_ screen: ElementID) {
        remove(screen)
        presentation.removeAll()
    }

    /// Every call in flight: those shown busy, and the waiting screens' background calls.
    var operationsInFlight: [Int] {
        presentation.compactMap { ($0.feature as? Operation)?.id } + path.flatMap(\.feature.backgroundOperations)
    }

    /// The element a call started now belongs to: the one on top, busy layers aside.
    var currentOwner: ElementID {
        if let index = presentation.lastIndex(where: { !($0.feature is Operation) }) {
            return .layer(presentation.ids[index])
        }
        return path.ids.last.map(ElementID.route) ?? .root
    }

    /// What the last event left behind goes: a busy layer whose element is gone is removed, and every call no
    /// longer in flight (its layer dismissed, its screen popped) is cancelled, except the one just answered.
    mutating func cancelOrphans(before: NavigatorState, answered: Int?) -> [NavigatorEffect] {
        while let index = presentation.firstIndex(where: {
            ($0.feature as? Operation).map { !contains($0.owner) } ?? false
        }) {
            presentation.remove(at: index)
        }
        let remaining = Set(operationsInFlight)
        return before.operationsInFlight.filter { $0 != answered && !remaining.contains($0) }
            .map { .cancel(operationID: $0) }
    }
}
