import AuthFlow
import TerminalUI

/// What a key does.
public enum KeyAction: Hashable, Sendable {
    case event(NavigatorEvent)
    /// Line editing in the focused text field (see `KeyMap.edit(for:)`).
    case edit
    /// Ctrl-Z: hand the terminal back to the shell until resumed.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
}

/// Keys and what they do, with the footer's words; only bindings that act are ever in a table.
public struct KeyCodeBinding: Hashable, Sendable {
    /// The keys; empty for `.edit`, which takes every line-editing key.
    public let keys: [Key]
    /// How the footer writes the keys, e.g. "Tab" or "F2"; bindings that share a label are one footer item
    /// (Tab and Shift-Tab, ↓ and ↑).
    public let label: String
    /// What the keys do; nil for typing, whose keys the key list names itself (`KeyMap.lineEditing`).
    public let hint: KeyHint?
    /// Whether the footer lists it; synonyms (Shift-Tab, ↑, Page Up/Down) are only in the key list.
    public let isInFooter: Bool
    public let action: KeyAction

    public init(_ keys: [Key], _ label: String, _ hint: KeyHint?, _ action: KeyAction, isInFooter: Bool = true) {
        self.keys = keys
        self.label = label
        self.hint = hint
        self.isInFooter = isInFooter && hint != nil
        self.action = action
    }

    /// The binding a feature declares, as key codes and the footer's label (the first key's).
    init(_ binding: KeyBinding) {
        let keys = binding.keys.map(KeyMap.key)
        self.init(keys, keys.first.map(KeyMap.label) ?? "", binding.hint,
                  binding.event.map(KeyAction.event) ?? .edit, isInFooter: binding.isInFooter)
    }

    /// Where the footer lists this binding: what Esc does counts as moving.
    public var footerRank: FooterRank {
        if keys.contains(.escape) { return .movement }
        switch hint {
        case .activate?, .use?, .signOut?: return .main
        case .next?, .previous?, .move?, .back?, .stop?, .dismiss?: return .movement
        case .reveal?, .inbox?, .scroll?, .moveInField?, .deleteCharacter?, .deleteToStartEndOrWord?, nil: return .screen
        case .keys?: return .keyList
        case .quit?, .suspend?, .redraw?: return .everywhere
        }
    }

    /// Whether `key` triggers this binding.
    public func matches(_ key: Key) -> Bool {
        action == .edit ? KeyMap.edit(for: key) != nil : keys.contains(key)
    }
}

/// The footer's order: the screen's main key (Enter), moving and leaving (Tab, ↑↓, Esc), the screen's other keys
/// (Ctrl-R, F2, PgDn/PgUp), the key list (F1), then the keys that work everywhere (Ctrl-C, Ctrl-Z, Ctrl-L).
public enum FooterRank: CaseIterable, Sendable {
    case main, movement, screen, keyList, everywhere
}

/// The keys of the element that takes them (each feature declares its own, `KeyBinding`) and the keys that work
/// everywhere, as key codes: both the meaning of a key and the footer are derived from them.
public enum KeyMap {
    /// The bindings of the element that takes the keys, most useful first; each one acts.
    public static func bindings(for state: NavigatorState) -> [KeyCodeBinding] {
        let bindings = state.keyBindings.map(KeyCodeBinding.init) + global
        // The keys (About) bind F1 themselves, to close; everywhere else it opens them.
        guard !bindings.contains(where: { $0.keys.contains(.function(1)) }) else { return bindings }
        return bindings + [keysBinding(typing: bindings.contains { $0.action == .edit },
                                       entryCount: KeyListEntry.entries(of: bindings).count)]
    }

    /// The bindings the footer lists, most important first (`FooterRank`), so that a narrow footer, which leaves
    /// out what does not fit from the end, keeps each screen's main key.
    public static func footer(for state: NavigatorState) -> [KeyCodeBinding] {
        ranked(bindings(for: state).filter(\.isInFooter))
    }

    /// `bindings` in the footer's order (`FooterRank`), each rank in the order declared.
    static func ranked(_ bindings: [KeyCodeBinding]) -> [KeyCodeBinding] {
        FooterRank.allCases.flatMap { rank in bindings.filter { $0.footerRank == rank } }
    }

    /// F1 shows every key (a list of `entryCount` entries); so does ? where no text field would take it as typing.
    public static func keysBinding(typing: Bool, entryCount: Int) -> KeyCodeBinding {
        KeyCodeBinding([.function(1), .character("?")], typing ? "F1" : "F1/?", .keys,
                       .event(About.opening(entryCount: entryCount)))
    }

    /// What `key` does now, or nil when it does nothing.
    public static func action(for key: Key, in state: NavigatorState) -> KeyAction? {
        bindings(for: state).first { $0.matches(key) }?.action
    }

    /// What `key` does in a terminal of `size`: while "terminal too small" hides the screen, only the keys that work
    /// on every layer (quit, suspend, redraw) act, so nothing unseen is edited.
    public static func action(for key: Key, in state: NavigatorState, at size: Size) -> KeyAction? {
        guard AuthScreen.fits(size) else { return global.first { $0.matches(key) }?.action }
        return action(for: key, in: state)
    }

    /// The Navigator event `key` sends now, if any (line edits included).
    public static func event(for key: Key, in state: NavigatorState) -> NavigatorEvent? {
        switch action(for: key, in: state) {
        case .event(let event)?: event
        case .edit?: edit(for: key).map(NavigatorEvent.edited)
        case .suspend?, .redraw?, nil: nil
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
        KeyCodeBinding([.control("c"), .control("q")], "Ctrl-C", .quit, .event(.quitRequested)),
        KeyCodeBinding([.control("z")], "Ctrl-Z", .suspend, .suspend),
        KeyCodeBinding([.control("l")], "Ctrl-L", .redraw, .redraw),
    ]

    /// The key code of a key a binding names.
    static func key(_ name: KeyName) -> Key {
        switch name {
        case .tab: .tab
        case .shiftTab: .backTab
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        case .enter: .enter
        case .space: .character(" ")
        case .escape: .escape
        case .f1: .function(1)
        case .questionMark: .character("?")
        case .f2: .function(2)
        case .ctrlO: .control("o")
        case .ctrlR: .control("r")
        }
    }

    /// How the footer writes a binding whose first key is `key` ("↑↓" for a list's arrows).
    static func label(_ key: Key) -> String {
        switch key {
        case .tab, .backTab: "Tab"
        case .up, .down: "↑↓"
        case .pageDown: "PgDn"
        case .pageUp: "PgUp"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .function(let number): "F\(number)"
        case .control(let letter): "Ctrl-\(letter.uppercased())"
        case .character(let character): String(character)
        case .paste, .left, .right, .backspace, .delete, .resize: "\(key)"
        }
    }
}
