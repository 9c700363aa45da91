import Foundation
import AuthCore
import AuthFlow
import AuthScreens
import Localization
import TerminalUI

/// The run loop: keys become events, events update the Navigator, effects run, frames are drawn.
///
/// This is the embeddable entry point: give it an `AuthService`, the strings and a terminal backend.
@MainActor
public final class AuthPickerController {
    public private(set) var state: NavigatorState
    private let runner: EffectRunner
    private let terminal: any TerminalBackend
    private var context: ScreenContext
    private let mailbox = Mailbox()
    private let tasks = OperationTasks()
    private var isQuitting = false

    public init(service: AuthService, inbox: (any MessageInbox)?, storage: any AppStorage = MemoryAppStorage(),
                strings: Strings, terminal: any TerminalBackend, backendLabel: BackendBadge? = nil,
                phoneNeedsAppVerification: Bool = false,
                defaultCountry: Country = CountryCatalog.defaultCountry(regionCode: "US"),
                bidi: BidiMode = .application, browserSignIn: BrowserSignInService? = nil) {
        state = NavigatorState(configuration: service.configuration, providers: service.providers,
                               language: strings.language, defaultCountry: defaultCountry, hasInbox: inbox != nil,
                               signsInWithBrowser: browserSignIn != nil,
                               canOpenBrowser: browserSignIn?.browserCommand != nil,
                               canCopyToClipboard: terminal.canCopyToClipboard)
        runner = EffectRunner(service: service, inbox: inbox, storage: storage, browserSignIn: browserSignIn)
        self.terminal = terminal
        context = ScreenContext(strings: strings, backendLabel: backendLabel,
                                phoneNeedsAppVerification: phoneNeedsAppVerification, bidi: bidi)
    }

    /// Runs until the person quits; returns the final state (its `currentUser` says who is signed in).
    ///
    /// `shouldStop` is polled between keys, so a signal can end the loop cleanly.
    public func run(exitAfterFirstFrame: Bool = false, shouldStop: () -> Bool = { false }) async -> NavigatorState {
        send(.started)
        var drawn: (state: NavigatorState, size: Size, spinnerFrame: Int)?
        var keyArrived = true
        while true {
            // An idle screen is not drawn again: only a key (a resize, Ctrl-L, a resume), a new state or the
            // spinner's next frame changes what is shown. Keys already waiting are handled first, so a burst of
            // typed input costs one frame, not one per key.
            if !terminal.hasPendingKeys, keyArrived || drawn?.state != state || drawn?.size != terminal.size
                || drawn?.spinnerFrame != context.spinnerFrame {
                draw()
                drawn = (state, terminal.size, context.spinnerFrame)
            }
            if isQuitting || (exitAfterFirstFrame && state.operation == nil) { break }
            let key = terminal.nextKey(timeoutMilliseconds: state.operation != nil || mailbox.hasPendingEffects ? 100 : 250)
            if shouldStop() { break }
            send(.clockTicked(Date()))
            for event in mailbox.drain() {
                if case .responded(let id, _) = event { tasks.finished(id) }
                send(event)
            }
            keyArrived = key != nil
            if let key { handle(key) }
            if state.operation != nil { context.spinnerFrame += 1 }
        }
        await finishPendingEffects()
        return state
    }

    /// Gives effects still running (a sign-out, say) a moment to finish before the process ends.
    private func finishPendingEffects() async {
        for _ in 0..<100 where mailbox.hasPendingEffects {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Feeds one key to the Navigator (also used by tests driving a `TestTerminal`).
    public func handle(_ key: Key) {
        switch KeyMap.action(for: key, in: state, at: terminal.size) {
        case .event(let event)?: send(event)
        case .edit?: KeyMap.edit(for: key).map { send(.edited($0)) }
        case .suspend?: terminal.suspend()
        case .redraw?: terminal.redrawAll()
        case nil: break
        }
    }

    /// Ids of the operations whose task is still running (an abandoned one's task is cancelled at once).
    public var runningOperationIDs: Set<Int> { tasks.running }

    /// The frame for the current state at the terminal's size.
    public func frame() -> Buffer {
        AuthScreen.render(state, context: context, size: terminal.size)
    }

    private func draw() {
        terminal.draw(frame())
    }

    private func send(_ event: NavigatorEvent) {
        let (next, effects) = Navigator.update(state, event)
        state = next
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: NavigatorEffect) {
        let runner = self.runner, mailbox = self.mailbox, wakeup = terminal.wakeup
        switch effect {
        case .quit:
            isQuitting = true
        case .run(let id, let call):
            mailbox.begin()
            tasks.start(id) {
                mailbox.finish(await runner.run(call, operationID: id))
                wakeup.signal()
            }
        case .cancel(let id):
            tasks.cancel(id)
        case .rememberEmailForLink(let email):
            runner.remember(emailForLink: email)
        case .openBrowser(let address):
            runner.openBrowser(address)
        case .rememberProvisionedUser(let uid):
            runner.remember(provisionedUser: uid)
        case .copyToClipboard(let text):
            terminal.copyToClipboard(text)
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
