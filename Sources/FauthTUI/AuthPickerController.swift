import FoundationEssentials
import AuthCore
import AuthFlow
import AuthScreens
import Localization
import TerminalUI

/// The full-screen run loop: keys become events, events update the Navigator, effects run, frames are drawn.
///
/// Give it an `AuthService`, the strings and a terminal backend (a `TestTerminal` in tests); another tool usually
/// presents the picker through `AuthPickerView`, which chooses this loop or plain mode.
@MainActor
public final class AuthPickerController {
    private let runtime: NavigatorRuntime
    private let terminal: any TerminalBackend
    private var context: ScreenContext

    /// Everything the screens show now.
    public var state: NavigatorState { runtime.state }

    public init(service: AuthService, inbox: (any MessageInbox)?, storage: any AppStorage = MemoryAppStorage(),
                strings: Strings, terminal: any TerminalBackend, backendLabel: BackendBadge? = nil,
                phoneNeedsAppVerification: Bool = false, isEmulator: Bool = false,
                defaultCountry: Country = CountryCatalog.defaultCountry(regionCode: "US"),
                bidi: BidiMode = .application, browserSignIn: BrowserSignInService? = nil) {
        runtime = NavigatorRuntime(
            state: NavigatorState(configuration: service.configuration, providers: service.providers,
                                  language: strings.language, defaultCountry: defaultCountry, hasInbox: inbox != nil,
                                  signsInWithBrowser: browserSignIn != nil,
                                  canOpenBrowser: browserSignIn?.browserCommand != nil,
                                  canCopyToClipboard: terminal.canCopyToClipboard),
            runner: EffectRunner(service: service, inbox: inbox, storage: storage, browserSignIn: browserSignIn),
            wakeup: terminal.wakeup, copyToClipboard: { [terminal] in terminal.copyToClipboard($0) })
        self.terminal = terminal
        context = ScreenContext(strings: strings, backendLabel: backendLabel,
                                phoneNeedsAppVerification: phoneNeedsAppVerification, isEmulator: isEmulator,
                                bidi: bidi)
    }

    /// Runs until the person quits; returns the final state (its `currentUser` says who is signed in).
    ///
    /// The first frame waits up to `sessionWait` for the saved session, so it shows the picker (or the account)
    /// rather than a busy screen that would flash by; `afterFirstFrame` runs once that frame is up, before any
    /// key, and ends the loop when it says false; `shouldStop` is polled between keys, so a signal can end the
    /// loop cleanly.
    public func run(exitAfterFirstFrame: Bool = false, sessionWait: Duration = .milliseconds(50),
                    shouldStop: () -> Bool = { false }, afterFirstFrame: (() -> Bool)? = nil) async -> NavigatorState {
        runLoop(exitAfterFirstFrame: exitAfterFirstFrame, sessionWait: sessionWait, afterFirstFrame: afterFirstFrame,
                shouldStop: shouldStop)
        await runtime.finishPendingEffects()
        return state
    }

    /// The key loop, synchronous: kept out of `run` so its values live on the thread's stack, not in the async
    /// frame (which held them all, 70 KB of fresh memory at every start).
    private func runLoop(exitAfterFirstFrame: Bool, sessionWait: Duration, afterFirstFrame: (() -> Bool)?,
                         shouldStop: () -> Bool) {
        let clock = ContinuousClock()
        let firstFrameDeadline = clock.now.advanced(by: sessionWait)
        runtime.send(.started)
        // A session known at once has been answered already: the first turn of the loop draws it.
        runtime.deliverResults()
        var drawn: (state: NavigatorState, size: Size, spinnerFrame: Int)?
        var keyArrived = true
        while true {
            // The saved session is usually read within a few milliseconds.
            let waitsForSession = drawn == nil && state.operation != nil && clock.now < firstFrameDeadline
            // An idle screen is not drawn again: only a key (a resize, Ctrl-L, a resume), a new state or the
            // spinner's next frame changes what is shown. Keys already waiting are handled first, so a burst of
            // typed input costs one frame, not one per key.
            if !terminal.hasPendingKeys, !waitsForSession, keyArrived || drawn?.state != state
                || drawn?.size != terminal.size || drawn?.spinnerFrame != context.spinnerFrame {
                let isFirstFrame = drawn == nil
                draw()
                drawn = (state, terminal.size, context.spinnerFrame)
                if isFirstFrame, !exitAfterFirstFrame, let afterFirstFrame, !afterFirstFrame() { return }
            }
            if runtime.isQuitting || (exitAfterFirstFrame && state.operation == nil) { return }
            let timeout = waitsForSession
                ? Int((clock.now.duration(to: firstFrameDeadline) / .milliseconds(1)).rounded(.up))
                : state.operation != nil || runtime.hasPendingEffects ? 100 : 250
            let key = terminal.nextKey(timeoutMilliseconds: timeout)
            if shouldStop() { return }
            runtime.send(.clockTicked(Date()))
            runtime.deliverResults()
            keyArrived = key != nil
            if let key { handle(key) }
            if state.operation != nil { context.spinnerFrame += 1 }
        }
    }

    /// Feeds one key to the Navigator (also used by tests driving a `TestTerminal`).
    public func handle(_ key: Key) {
        if Self.scrollKeys.contains(key) { measure() }
        switch KeyMap.action(for: key, in: state, at: terminal.size) {
        case .event(let event)?: runtime.send(event)
        case .edit?: KeyMap.edit(for: key).map { runtime.send(.edited($0)) }
        case .suspend?: terminal.suspend()
        case .redraw?: terminal.redrawAll()
        case nil: break
        }
    }

    /// Ids of the operations whose task is still running (an abandoned one's task is cancelled at once).
    public var runningOperationIDs: Set<Int> { runtime.runningOperationIDs }

    /// The frame for the current state at the terminal's size.
    public func frame() -> Buffer {
        AuthScreen.render(state, context: context, size: terminal.size)
    }

    private func draw() {
        measure()
        terminal.draw(frame())
    }

    /// The keys whose meaning depends on how much of the screen is in view: the scroll keys, and ↑/↓, which scroll
    /// where the focus cannot move further.
    private static let scrollKeys: Set<Key> = [.up, .down, .pageUp, .pageDown, .home, .end]

    /// Tells the Navigator how much of the screen the terminal shows, when that changed (before a frame, and before
    /// a scroll key typed ahead of it).
    private func measure() {
        guard let viewport = AuthScreen.viewport(state, context: context, size: terminal.size),
              viewport != state.scroll.viewport else { return }
        runtime.send(.viewportMeasured(viewport))
    }
}
