/// A key as a feature's bindings name it; the terminal layer maps each to its key code.
public enum KeyName: Hashable, Sendable {
    case tab, shiftTab, up, down, left, right, pageUp, pageDown, home, end, enter, space, escape, f1, questionMark, f2,
         ctrlO, ctrlR
}

/// What a key does, as the footer and the key list (F1) say it; screens turn it into localized words.
public enum KeyHint: Hashable, Sendable {
    case next, previous, move, activate, back, quit, inbox, reveal, stop, dismiss, signOut, use, suspend, redraw, keys,
         scroll
    /// Line editing in a text field, as the key list groups its keys: moving, deleting a character, deleting more.
    case moveInField, deleteCharacter, deleteToStartEndOrWord
}

/// Keys a feature takes and what they do there, declared beside its reducer (huh's `KeyBinds()`): the key map
/// turns them into key codes, the footer and the key list (F1) list them. A feature lists a binding only while it
/// acts.
public struct KeyBinding: Hashable, Sendable {
    /// The keys; empty for typing, which takes every line-editing key.
    public let keys: [KeyName]
    /// What the keys do; nil for typing, whose keys the key list names itself.
    public let hint: KeyHint?
    /// Whether the footer lists it; synonyms (Shift-Tab, ↑, Page Up/Down) are only in the key list.
    public let isInFooter: Bool
    /// The event the keys send; nil for typing, which edits the focused field.
    public let event: NavigatorEvent?

    public init(_ keys: [KeyName], _ hint: KeyHint?, _ event: NavigatorEvent?, isInFooter: Bool = true) {
        self.keys = keys
        self.hint = hint
        self.isInFooter = isInFooter && hint != nil
        self.event = event
    }

    /// Typing in the focused field.
    public static let typing = KeyBinding([], nil, nil)
}

extension KeyBinding {
    /// Esc with what it does here.
    static func escape(_ hint: KeyHint) -> KeyBinding { KeyBinding([.escape], hint, .backRequested) }

    /// F2 (or Ctrl-O): the inbox.
    static let inbox = KeyBinding([.f2, .ctrlO], .inbox, .inboxToggled)

    /// ↑/↓ and Page Up/Down move a list's selection, when it has more than one item.
    static func list(enabled: Bool) -> [KeyBinding] {
        guard enabled else { return [] }
        return [KeyBinding([.down], .move, .selectionMoved(by: 1)),
                KeyBinding([.up], .move, .selectionMoved(by: -1), isInFooter: false),
                KeyBinding([.pageDown], .move, .selectionMoved(by: 10), isInFooter: false),
                KeyBinding([.pageUp], .move, .selectionMoved(by: -10), isInFooter: false)]
    }
}

extension FormFeature {
    /// Tab and Enter in a form; typing in its focused field; Space on its focused button; Ctrl-R on a password;
    /// the scroll keys of a screen taller than the terminal. Enter is left out where it would do nothing (a resend
    /// button counting down, a search without results).
    func formBindings(in navigator: NavigatorState) -> [KeyBinding] {
        var bindings: [KeyBinding] = []
        if controls.count > 1 {
            bindings += [KeyBinding(downMovesFocus(in: navigator) ? [.tab, .down] : [.tab], .next, .focusMovedForward),
                         KeyBinding(upMovesFocus(in: navigator) ? [.shiftTab, .up] : [.shiftTab], .previous,
                                    .focusMovedBackward, isInFooter: false)]
        }
        if Navigator.acts(.activated, in: navigator) {
            bindings.append(KeyBinding(isEditingText ? [.enter] : [.enter, .space], .activate, .activated))
        }
        if isFocusSecure { bindings.append(KeyBinding([.ctrlR], .reveal, .passwordRevealToggled)) }
        if isEditingText { bindings.append(.typing) }
        return bindings + scrollBindings(in: navigator)
    }
}
