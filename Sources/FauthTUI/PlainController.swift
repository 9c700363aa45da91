import FoundationEssentials
import AuthCore
import AuthFlow
import AuthScreens
import Localization
import TerminalUI

/// Plain mode (`--plain`, `TERM=dumb`): the same Navigator, screens and strings as the full-screen interface, read
/// as numbered choices and line prompts. A choice becomes the keys a person would press (Tab to the control, then
/// Enter, or typing into a field), looked up in the same key table, so no flow is written twice.
@MainActor
public final class PlainController {
    private let runtime: NavigatorRuntime
    private let console: any LineConsole
    private let context: ScreenContext
    private let wakeup = Wakeup()
    /// The frame printed last: an unchanged frame is not printed again, only its prompt.
    private var printed: PlainFrame?

    /// How a plain run ended.
    public struct Outcome: Sendable {
        /// The final state (its `currentUser` says who is signed in).
        public let state: NavigatorState
        /// The termination signal that ended the run, if one did.
        public let signal: Int32?
    }

    /// A plain run of `service`'s picker that asks and reads through `console`.
    public init(service: AuthService, inbox: (any MessageInbox)?, storage: any AppStorage = MemoryAppStorage(),
                strings: Strings, console: any LineConsole, backendLabel: BackendBadge? = nil,
                phoneNeedsAppVerification: Bool = false, isEmulator: Bool = false,
                defaultCountry: Country = CountryCatalog.defaultCountry(regionCode: "US"),
                browserSignIn: BrowserSignInService? = nil) {
        runtime = NavigatorRuntime(
            state: NavigatorState(configuration: service.configuration, providers: service.providers,
                                  language: strings.language, defaultCountry: defaultCountry, hasInbox: inbox != nil,
                                  signsInWithBrowser: browserSignIn != nil,
                                  canOpenBrowser: browserSignIn?.browserCommand != nil),
            runner: EffectRunner(service: service, inbox: inbox, storage: storage, browserSignIn: browserSignIn),
            wakeup: wakeup)
        self.console = console
        // Plain text is written in logical order; the console reorders right-to-left lines for a terminal.
        context = ScreenContext(strings: strings, backendLabel: backendLabel,
                                phoneNeedsAppVerification: phoneNeedsAppVerification, isEmulator: isEmulator,
                                bidi: .terminal)
    }

    private var strings: Strings { context.strings }

    /// Asks and answers until the person quits, the input ends or a termination signal arrives.
    public func run() async -> Outcome {
        if let badge = context.backendLabel { console.write(badge.text + "\n") }
        runtime.send(.started)
        while !runtime.isQuitting {
            if let signal = settle() { return await finish(signal: signal) }
            if runtime.isQuitting { break }
            let frame = currentFrame()
            if frame != printed {
                console.write("\n" + frame.text)
                printed = frame
            }
            console.write(PlainScreen.choicePrompt(frame, strings: strings))
            switch answer(to: frame) {
            case nil: console.write("\n")
            case .end?: press(.control("c"))
            case .interrupted(let signal)?: return await finish(signal: signal)
            case .line(let answer)?:
                if let signal = choose(answer, in: frame) { return await finish(signal: signal) }
            }
        }
        return await finish(signal: nil)
    }

    /// The line typed at `frame`'s prompt; nil once a call in the background (a browser's return, a device
    /// code's approval) changed the screen, which then goes on by itself below the ended prompt line. What was
    /// half typed at that prompt answered a screen that is gone, so it is dropped.
    private func answer(to frame: PlainFrame) -> LineInput? {
        while true {
            if let input = console.readLine(orWakeUpOn: wakeup) { return input }
            runtime.deliverResults()
            if runtime.state.operation != nil || currentFrame() != frame {
                console.discardTypedInput()
                console.write("\n")
                return nil
            }
        }
    }

    private func finish(signal: Int32?) async -> Outcome {
        await runtime.finishPendingEffects()
        return Outcome(state: runtime.state, signal: signal)
    }

    private func currentFrame() -> PlainFrame {
        PlainScreen.frame(runtime.state, context: context)
    }

    /// Says what each call in flight is doing and waits for its result (each call is announced before its result
    /// is delivered, so a transcript does not depend on timing); delivers results that finished meanwhile.
    private func settle() -> Int32? {
        var announced: Int?
        while true {
            if let operation = runtime.state.operation, announced != operation.id {
                let frame = currentFrame()
                console.write(frame.text)
                printed = frame
                announced = operation.id
            }
            runtime.send(.clockTicked(Date()))
            runtime.deliverResults()
            guard runtime.state.operation != nil else { return nil }
            if let signal = console.wait(for: wakeup, milliseconds: 100) { return signal }
        }
    }

    /// Acts on a typed number; anything else is answered with what may be typed.
    private func choose(_ answer: String, in frame: PlainFrame) -> Int32? {
        guard let number = Int(answer.trimmingWhitespace()), frame.choices.indices.contains(number - 1)
        else {
            console.write(PlainScreen.invalidChoice(frame, strings: strings) + "\n")
            return nil
        }
        let choice = frame.choices[number - 1]
        switch choice.target {
        case .key(let key):
            press(key)
        case .listItem(let index):
            select(index)
            if KeyMap.action(for: .enter, in: runtime.state) != nil { press(.enter) }
        case .control(let position):
            focus(position)
            guard let field = choice.field else {
                press(.enter)
                return nil
            }
            return fill(field, at: position)
        }
        return nil
    }

    /// Asks for a field's text and types it in; then Tab, and the next field is asked for when Tab reached one.
    private func fill(_ field: PlainFrame.Field, at position: Int) -> Int32? {
        var field = field, position = position
        while true {
            switch console.readLine(prompt: PlainScreen.fieldPrompt(field, strings: strings), secret: field.isSecure) {
            case .end:
                press(.control("c"))
                return nil
            case .interrupted(let signal):
                return signal
            case .line(let line):
                let text = String(line.unicodeScalars.filter { $0.properties.generalCategory != .control }
                    .map(Character.init))
                press(.control("u"))
                press(.control("k"))
                if !text.isEmpty { press(.paste(text)) }
            }
            guard KeyMap.action(for: .tab, in: runtime.state) != nil else { return nil }
            press(.tab)
            let next = currentFrame()
            guard next.focusedControl == position + 1,
                  let nextField = next.choices.first(where: { $0.target == .control(position + 1) })?.field
            else { return nil }
            field = nextField
            position += 1
        }
    }

    /// Tab until the control at `position` has focus (at most once around).
    private func focus(_ position: Int) {
        for _ in 0..<currentFrame().choices.count where currentFrame().focusedControl != position {
            guard KeyMap.action(for: .tab, in: runtime.state) != nil else { return }
            press(.tab)
        }
    }

    /// ↓ or ↑ until the list's item at `index` is selected.
    private func select(_ index: Int) {
        for _ in 0..<currentFrame().choices.count {
            guard let selected = currentFrame().selectedItem, selected != index else { return }
            let key: Key = selected < index ? .down : .up
            guard KeyMap.action(for: key, in: runtime.state) != nil else { return }
            press(key)
        }
    }

    /// What the key does in the key table, as the full-screen interface would do it.
    private func press(_ key: Key) {
        if let event = KeyMap.event(for: key, in: runtime.state) { runtime.send(event) }
    }
}
