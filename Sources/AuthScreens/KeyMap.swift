import AuthFlow
import TerminalUI

/// What a footer hint says a key does; screens turn it into localized words.
public enum KeyHint: Hashable, Sendable {
    case next, activate, back, quit, inbox, reveal, stop, dismiss, signOut, use, suspend, redraw, keys
}

/// What a key does.
public enum KeyAction: Hashable, Sendable {
    case event(NavigatorEvent)
    /// Line editing in the focused text field (see `KeyMap.edit(for:)`).
    case edit
    /// Ctrl-Z: hand the terminal back to the shell until resumed.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// F1 (or ? outside a text field): show or hide the list of every key that works here.
    case showKeys
}

/// Keys and what they do, with the footer's words; only bindings that act are ever in a table.
public struct KeyBinding: Hashable, Sendable {
    /// The keys; empty for `.edit`, which takes every line-editing key.
    public let keys: [Key]
    /// How the footer writes the keys, e.g. "Tab" or "F2"; bindings that share a label are one footer item
    /// (Tab and Shift-Tab, ↓ and ↑).
    public let label: String
    /// What the footer says; nil for bindings it leaves out (synonyms such as Shift-Tab, and typing).
    public let hint: KeyHint?
    public let action: KeyAction

    public init(_ keys: [Key], _ label: String, _ hint: KeyHint?, _ action: KeyAction) {
        self.keys = keys
        self.label = label
        self.hint = hint
        self.action = action
    }

    /// Whether the footer keeps this hint when space is short: quit, and what Esc does (back, stop, dismiss).
    public var isEssential: Bool { hint == .quit || keys.contains(.escape) }

    /// Whether `key` triggers this binding.
    public func matches(_ key: Key) -> Bool {
        action == .edit ? KeyMap.edit(for: key) != nil : keys.contains(key)
    }
}

/// The one table per layer from which both the meaning of a key and the footer are derived.
public enum KeyMap {
    /// The bindings of the layer that takes the keys, most useful first; each one acts.
    public static func bindings(for state: NavigatorState) -> [KeyBinding] {
        let layer = layerBindings(for: state)
        return layer + global + [keysBinding(typing: layer.contains { $0.action == .edit })]
    }

    /// The bindings the footer lists (and the key list shows in full); the key list's own key is the footer's
    /// overflow item instead (`keysBinding`).
    public static func footer(for state: NavigatorState) -> [KeyBinding] {
        bindings(for: state).filter { $0.hint != nil && $0.hint != .keys }
    }

    /// F1 shows every key; so does ? where no text field would take it as typing.
    public static func keysBinding(typing: Bool) -> KeyBinding {
        KeyBinding([.function(1), .character("?")], typing ? "F1" : "F1/?", .keys, .showKeys)
    }

    /// While the key list is shown: Esc, Enter, F1 or ? closes it; quit, suspend and redraw still work.
    public static let keyListBindings = [
        KeyBinding([.escape, .enter, .function(1), .character("?"), .character(" ")], "Esc", .dismiss, .showKeys),
    ] + global

    /// What `key` does now, or nil when it does nothing.
    public static func action(for key: Key, in state: NavigatorState) -> KeyAction? {
        bindings(for: state).first { $0.matches(key) }?.action
    }

    /// What `key` does in a terminal of `size`, the key list shown or not: while "terminal too small" hides the
    /// screen, only the keys that work on every layer (quit, suspend, redraw) act, so nothing unseen is edited.
    public static func action(for key: Key, in state: NavigatorState, at size: Size,
                              showingKeys: Bool = false) -> KeyAction? {
        guard AuthScreen.fits(size) else { return global.first { $0.matches(key) }?.action }
        return showingKeys ? keyListBindings.first { $0.matches(key) }?.action : action(for: key, in: state)
    }

    /// The Navigator event `key` sends now, if any (line edits included).
    public static func event(for key: Key, in state: NavigatorState) -> NavigatorEvent? {
        switch action(for: key, in: state) {
        case .event(let event)?: event
        case .edit?: edit(for: key).map(NavigatorEvent.edited)
        default: nil
        }
    }

    /// The line-editing meaning of a key in a text field.
    public static func edit(for key: Key) -> TextEdit? {
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

    /// Keys that work on every layer.
    static let global = [
        KeyBinding([.control("c"), .control("q")], "Ctrl-C", .quit, .event(.quitRequested)),
        KeyBinding([.control("z")], "Ctrl-Z", .suspend, .suspend),
        KeyBinding([.control("l")], "Ctrl-L", .redraw, .redraw),
    ]

    private static func layerBindings(for state: NavigatorState) -> [KeyBinding] {
        let acts = { Navigator.acts($0, in: state) }
        switch state.topLayer {
        case .busy(let operation)?:
            return operation.call.canBeAbandoned ? [KeyBinding([.escape], "Esc", .stop, .event(.backRequested))] : []
        case .alert(let alert)?:
            return alertBindings(alert)
        case .identityProviderSheet(let sheet)?:
            return formBindings(sheet, acts: acts) + sheetDismissal(state)
        case .legacyRecoverySheet(let sheet)?:
            return formBindings(sheet, acts: acts) + sheetDismissal(state)
        case .passwordReauthSheet(let sheet)?:
            return formBindings(sheet, acts: acts) + [KeyBinding([.escape], "Esc", .back, .event(.backRequested))]
        case .emailLinkReauthSheet(let sheet)?:
            return formBindings(sheet, acts: acts) + reauthenticationSheetKeys(state)
        case .phoneReauthSheet(let sheet)?:
            return formBindings(sheet, acts: acts) + reauthenticationSheetKeys(state)
        case .countryPicker(let picker)?:
            let results = picker.results.count
            return listBindings(enabled: results > 1)
                + (results > 0 ? [KeyBinding([.enter], "Enter", .activate, .event(.activated))] : [])
                + [KeyBinding([.escape], "Esc", .back, .event(.backRequested)), KeyBinding([], "", nil, .edit)]
        case .inbox(let inbox)?:
            var bindings = listBindings(enabled: inbox.messages.count > 1)
            if let message = inbox.selected, state.canUse(message) {
                bindings.append(KeyBinding([.enter], "Enter", .use, .event(.activated)))
            }
            return bindings + [KeyBinding([.escape, .function(2), .control("o")], "Esc", .back, .event(.backRequested))]
        case nil:
            return formBindings(state.screenForm, acts: acts) + screenBindings(state)
        }
    }

    /// Tab and Enter in a form; typing in its focused field; Space on its focused button. Enter is left out
    /// where it would do nothing (a resend button counting down, a search without results). Generic, so the
    /// control list is counted as it is (on an existential it would be cast element by element).
    private static func formBindings<Form: FormFeature>(_ form: Form, acts: (NavigatorEvent) -> Bool) -> [KeyBinding] {
        var bindings: [KeyBinding] = []
        if form.controls.count > 1 {
            bindings += [KeyBinding([.tab, .down], "Tab", .next, .event(.focusMovedForward)),
                         KeyBinding([.backTab, .up], "Tab", nil, .event(.focusMovedBackward))]
        }
        if acts(.activated) {
            bindings.append(KeyBinding(form.isEditingText ? [.enter] : [.enter, .character(" ")], "Enter", .activate,
                                       .event(.activated)))
        }
        if form.isFocusSecure { bindings.append(KeyBinding([.control("r")], "Ctrl-R", .reveal, .event(.passwordRevealToggled))) }
        if form.isEditingText { bindings.append(KeyBinding([], "", nil, .edit)) }
        return bindings
    }

    /// Esc on the screen goes back, or leaves at the root (listed after the inbox: Ctrl-C says the same);
    /// F2 opens the inbox.
    private static func screenBindings(_ state: NavigatorState) -> [KeyBinding] {
        var bindings: [KeyBinding] = []
        if !state.path.isEmpty { bindings.append(KeyBinding([.escape], "Esc", .back, .event(.backRequested))) }
        if state.hasInbox { bindings.append(KeyBinding([.function(2), .control("o")], "F2", .inbox, .event(.inboxToggled))) }
        if state.path.isEmpty, state.isCancelAvailable {
            bindings.append(KeyBinding([.escape], "Esc", .quit, .event(.backRequested)))
        }
        return bindings
    }

    /// Esc closes a sheet only when the configuration lets it (`interactiveDismissEnabled`).
    private static func sheetDismissal(_ state: NavigatorState) -> [KeyBinding] {
        state.configuration.interactiveDismissEnabled ? [KeyBinding([.escape], "Esc", .back, .event(.backRequested))] : []
    }

    /// Esc cancels a sheet waiting for a link or code (whatever `interactiveDismissEnabled` says: the sheet has a
    /// Cancel button too); F2 opens the inbox where the link or code arrives.
    private static func reauthenticationSheetKeys(_ state: NavigatorState) -> [KeyBinding] {
        [KeyBinding([.escape], "Esc", .back, .event(.backRequested))]
            + (state.hasInbox ? [KeyBinding([.function(2), .control("o")], "F2", .inbox, .event(.inboxToggled))] : [])
    }

    /// ↑/↓ and Page Up/Down move a list's selection.
    private static func listBindings(enabled: Bool) -> [KeyBinding] {
        guard enabled else { return [] }
        return [KeyBinding([.down], "↑↓", .next, .event(.selectionMoved(by: 1))),
                KeyBinding([.up], "↑↓", nil, .event(.selectionMoved(by: -1))),
                KeyBinding([.pageDown], "PgDn", nil, .event(.selectionMoved(by: 10))),
                KeyBinding([.pageUp], "PgUp", nil, .event(.selectionMoved(by: -10)))]
    }

    private static func alertBindings(_ alert: AlertPresentation) -> [KeyBinding] {
        if alert.buttons.count == 1, alert.buttons[0].action == alert.escapeAction {
            // One button, which Esc presses too.
            return [KeyBinding([.enter, .character(" "), .escape], "Enter", .dismiss, .event(.activated))]
        }
        var bindings: [KeyBinding] = []
        if alert.buttons.count > 1 {
            bindings += [KeyBinding([.tab, .right, .down], "Tab", .next, .event(.focusMovedForward)),
                         KeyBinding([.backTab, .left, .up], "Tab", nil, .event(.focusMovedBackward))]
        }
        let escape: KeyHint = switch alert.escapeAction {
        case .signOut: .signOut
        case .quit: .quit
        default: .dismiss
        }
        return bindings + [KeyBinding([.enter, .character(" ")], "Enter", .activate, .event(.activated)),
                           KeyBinding([.escape], "Esc", escape, .event(.backRequested))]
    }
}
