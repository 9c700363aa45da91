import AuthFlow

/// The background waits a run of the Navigator has going (a browser's return, a device code's approval), followed
/// through the effects and answers, so a check can tell that each waiting screen has its wait and that no wait
/// outlives its screen (a listener left open, a provider polled for nothing).
public struct BackgroundWaits {
    /// The waits started and neither cancelled nor answered, by operation id.
    public private(set) var running: Set<Int>

    /// The waits of the waiting screens already in `state`.
    public init(_ state: NavigatorState) {
        running = Set(state.path.compactMap { Self.wait(of: $0)?.id })
    }

    /// The wait a waiting screen runs while it shows, or nil for other routes.
    public static func wait(of route: Route) -> (id: Int, call: AuthCall)? {
        if let feature = route.feature as? BrowserSignIn.State {
            return (feature.waitOperationID, AuthCall(AuthCall.AwaitBrowserReturn(feature.start)))
        }
        if let feature = route.feature as? DeviceSignIn.State {
            return (feature.waitOperationID, AuthCall(AuthCall.AwaitDeviceApproval(feature.start)))
        }
        return nil
    }

    /// Follows what `event` and its `effects` did to the waits; a quit ends the run, and the waits it stopped
    /// end with it.
    public mutating func update(after event: NavigatorEvent, effects: [NavigatorEffect], in state: NavigatorState) {
        if effects.contains(.quit) {
            self = BackgroundWaits(state)
            return
        }
        if case .responded(let id, _) = event { running.remove(id) }
        for case .run(let id, let call) in effects where call.base is AuthCall.AwaitBrowserReturn
            || call.base is AuthCall.AwaitDeviceApproval {
            running.insert(id)
        }
        for case .cancel(let id) in effects { running.remove(id) }
    }

    /// What is wrong between the waits and `state`'s screens; empty when a waiting screen is only ever the top
    /// one, has its wait, and nothing else waits.
    public func violations(in state: NavigatorState) -> [String] {
        let shown = Set(state.path.compactMap { Self.wait(of: $0)?.id })
        var broken: [String] = []
        if state.path.dropLast().contains(where: { Self.wait(of: $0) != nil }) {
            broken.append("a screen was pushed over a waiting screen")
        }
        if !shown.subtracting(running).isEmpty { broken.append("a waiting screen shows with nothing waiting for it") }
        if !running.subtracting(shown).isEmpty { broken.append("a wait goes on for a screen that is gone") }
        return broken
    }
}
