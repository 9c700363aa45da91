import AuthCore

/// What the browser and device-code sign-in screens share: a call that waits in the background while the screen
/// shows (the browser's return, the person's approval), stopped when the screen is left, and whose answer takes
/// the screen over.
extension Route {
    /// The operation a waiting screen runs while it shows; nil for other routes.
    var waitOperationID: Int? {
        switch self {
        case .browserSignIn(let feature): feature.waitOperationID
        case .deviceSignIn(let feature): feature.waitOperationID
        default: nil
        }
    }
}

extension NavigatorState {
    /// Leaves the waiting screen on top, if one is, and stops its wait (the listener closes, the polling stops).
    mutating func leaveWaitingScreen() -> [NavigatorEffect] {
        guard let id = path.last?.waitOperationID else { return [] }
        path.removeLast()
        return [.cancel(operationID: id)]
    }

    /// The waiting screen's wait answered: the screen goes with every layer over it (F2's inbox, an alert), and
    /// the calls shown busy there are given up, so what the answer starts is the only call in flight.
    mutating func waitAnswered() -> [NavigatorEffect] {
        path.removeLast()
        let abandoned = presentation.compactMap { if case .busy(let operation) = $0 { operation.id } else { nil } }
        presentation = []
        return abandoned.map { .cancel(operationID: $0) }
    }
}
