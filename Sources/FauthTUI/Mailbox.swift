import AuthFlow
import Synchronization

/// Events posted by effect tasks on any thread, collected by the run loop on the main actor.
final class Mailbox: Sendable {
    private struct Contents {
        var events: [NavigatorEvent] = []
        var pendingEffects = 0
    }

    private let contents = Mutex(Contents())

    /// Notes that an effect started; `finish` must follow.
    func begin() {
        contents.withLock { $0.pendingEffects += 1 }
    }

    /// Notes that an effect ended, with the event it reports, if any.
    func finish(_ event: NavigatorEvent?) {
        contents.withLock {
            if let event { $0.events.append(event) }
            $0.pendingEffects -= 1
        }
    }

    /// Whether some effect has not finished yet.
    var hasPendingEffects: Bool { contents.withLock { $0.pendingEffects > 0 } }

    /// Takes every event posted so far, oldest first.
    func drain() -> [NavigatorEvent] {
        contents.withLock { contents in
            defer { contents.events.removeAll() }
            return contents.events
        }
    }
}
