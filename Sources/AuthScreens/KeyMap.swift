import AuthFlow
import TerminalUI

/// What a footer hint says a key does; screens turn it into localized words.
public enum KeyHint: Hashable, Sendable {
    case next, activate, back, quit, inbox, reveal, stop, dismiss, use
}

/// A key (or keys) the current screen honours, as the footer lists it.
public struct KeyBinding: Hashable, Sendable {
    /// How the key is written in the footer, e.g. "Tab" or "F2".
    public let label: String
    public let hint: KeyHint
}

/// The one place keys become Navigator events; the footer is generated from the same table.
public enum KeyMap {
    /// The event a key means on the current screen, or nil when it means nothing there.
    public static func event(for key: Key, in state: NavigatorState) -> NavigatorEvent? {
        switch key {
        case .control("c"), .control("q"): return .quitRequested
        case .function(2), .control("o"): return .inboxToggled
        case .escape: return .backRequested
        case .enter: return .activated
        case .right where state.alert != nil: return .focusMovedForward
        case .left where state.alert != nil: return .focusMovedBackward
        case .tab: return .focusMovedForward
        case .backTab: return .focusMovedBackward
        case .down: return state.hasSelectionList ? .selectionMoved(by: 1) : .focusMovedForward
        case .up: return state.hasSelectionList ? .selectionMoved(by: -1) : .focusMovedBackward
        case .pageDown: return state.hasSelectionList ? .selectionMoved(by: 10) : nil
        case .pageUp: return state.hasSelectionList ? .selectionMoved(by: -10) : nil
        case .control("r"): return .passwordRevealToggled
        case .character(" ") where !state.focus.isTextField: return .activated
        default: return state.focus.isTextField ? edit(for: key).map(NavigatorEvent.edited) : nil
        }
    }

    /// The line-editing meaning of a key in a text field.
    static func edit(for key: Key) -> TextEdit? {
        switch key {
        case .character(let character): .insert(String(character))
        case .paste(let text): .insert(text)
        case .backspace, .control("h"): .deleteBackward
        case .delete, .control("d"): .deleteForward
        case .left, .control("b"): .moveLeft
        case .right, .control("f"): .moveRight
        case .home, .control("a"): .moveToStart
        case .end, .control("e"): .moveToEnd
        case .control("u"): .deleteToStart
        case .control("k"): .deleteToEnd
        case .control("w"): .deleteWordBackward
        default: nil
        }
    }

    /// The keys that work right now, most useful first, for the footer.
    public static func bindings(for state: NavigatorState) -> [KeyBinding] {
        let quit = KeyBinding(label: "Ctrl-C", hint: .quit)
        if state.operation != nil {
            return [KeyBinding(label: "Esc", hint: .stop), quit]
        }
        if state.alert != nil {
            let choose = state.retry == nil ? [] : [KeyBinding(label: "Tab", hint: .next)]
            return choose + [KeyBinding(label: "Enter", hint: state.retry == nil ? .dismiss : .activate), quit]
        }
        if state.countryPicker != nil {
            return [KeyBinding(label: "↑↓", hint: .next), KeyBinding(label: "Enter", hint: .activate),
                    KeyBinding(label: "Esc", hint: .back), quit]
        }
        if let inbox = state.inbox {
            var bindings = [KeyBinding(label: "↑↓", hint: .next)]
            if inbox.messages.indices.contains(inbox.selection), state.canUse(inbox.messages[inbox.selection]) {
                bindings.append(KeyBinding(label: "Enter", hint: .use))
            }
            return bindings + [KeyBinding(label: "Esc", hint: .back), quit]
        }
        var bindings = [KeyBinding(label: "Tab", hint: .next), KeyBinding(label: "Enter", hint: .activate)]
        if state.focus.isSecure { bindings.append(KeyBinding(label: "Ctrl-R", hint: .reveal)) }
        if !state.routes.isEmpty || (state.sheet != nil && state.configuration.interactiveDismissEnabled) {
            bindings.append(KeyBinding(label: "Esc", hint: .back))
        }
        if state.hasInbox { bindings.append(KeyBinding(label: "F2", hint: .inbox)) }
        bindings.append(quit)
        return bindings
    }
}

extension NavigatorState {
    /// Whether ↑/↓ move a list selection (inbox, country picker) rather than focus.
    var hasSelectionList: Bool { inbox != nil || countryPicker != nil }
}
