import FoundationEssentials
import AuthCore
import AuthFlow
import TerminalUI

/// The Navigator's state with everything that acts on it: events update it, effects run as tasks, and their
/// results come back as events. The full-screen and the plain controllers are two drivers over one runtime.
@MainActor
final class NavigatorRuntime {
    private(set) var state: NavigatorState
    /// True once the Navigator asked to quit.
    private(set) var isQuitting = false
    private let runner: EffectRunner
    private let mailbox = Mailbox()
    private let tasks = OperationTasks()
    /// Signalled when an effect finishes, to end the driver's wait early.
    private let wakeup: Wakeup
    /// Puts text on the terminal's clipboard (only asked for when the state says the terminal can).
    private let copyToClipboard: (String) -> Void

    init(state: NavigatorState, runner: EffectRunner, wakeup: Wakeup,
         copyToClipboard: @escaping (String) -> Void = { _ in }) {
        self.state = state
        self.runner = runner
        self.wakeup = wakeup
        self.copyToClipboard = copyToClipboard
    }

    /// Whether some effect has not reported yet.
    var hasPendingEffects: Bool { mailbox.hasPendingEffects }

    /// Ids of the operations whose task is still running (an abandoned one's task is cancelled at once).
    var runningOperationIDs: Set<Int> { tasks.running }

    /// Updates the state with `event` and starts the effects it asks for.
    func send(_ event: NavigatorEvent) {
        let (next, effects) = Navigator.update(state, event)
        state = next
        for effect in effects { perform(effect) }
    }

    /// Feeds the results that arrived since the last call, oldest first.
    func deliverResults() {
        for event in mailbox.drain() {
            if case .responded(let id, _) = event { tasks.finished(id) }
            send(event)
        }
    }

    /// Gives effects still running (a sign-out, say) a moment to finish before the process ends.
    func finishPendingEffects() async {
        for _ in 0..<100 where mailbox.hasPendingEffects {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private func perform(_ effect: NavigatorEffect) {
        let runner = self.runner, mailbox = self.mailbox, wakeup = self.wakeup
        switch effect {
        case .quit:
            isQuitting = true
        case .run(let id, let call):
            mailbox.begin()
            if let response = runner.immediateResponse(to: call) {
                // Answered at once (the local store's session): no task, so no thread is started for it.
                mailbox.finish(.responded(operationID: id, response))
                wakeup.signal()
            } else {
                tasks.start(id) {
                    mailbox.finish(await runner.run(call, operationID: id))
                    wakeup.signal()
                }
            }
        case .cancel(let id):
            tasks.cancel(id)
        case .rememberEmailForLink(let email):
            runner.remember(emailForLink: email)
        case .rememberProvisionedUser(let uid):
            runner.remember(provisionedUser: uid)
        case .copyToClipboard(let text):
            copyToClipboard(text)
        case .openBrowser(let address):
            runner.openBrowser(address)
        case .closeListener(let continueURI):
            runner.closeListener(continueURI)
        case .discardSession:
            mailbox.begin()
            Task.detached {
                await runner.discardSession()
                mailbox.finish(nil)
                wakeup.signal()
            }
        }
    }
}
