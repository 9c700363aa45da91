import AuthFlow
import TerminalUI

/// One line of the key list (F1): keys written out in full, synonyms included, and what they do.
public struct KeyListEntry: Hashable, Sendable {
    /// The keys as the list writes them, e.g. "Tab, ↓" or "←/→, Home/End, Ctrl-A/E".
    public let keys: String
    public let hint: KeyHint

    /// The entries for `bindings` (the order `KeyMap.bindings` gives, which decides what a key does) in the footer's
    /// order: each binding with every key it takes, bindings that do the same (↓, ↑, Page Down/Up: move) on one
    /// line, typing as its line-editing keys. A key an earlier binding takes is not listed again, and the key
    /// list's own F1 is left out.
    static func entries(of bindings: [KeyCodeBinding]) -> [KeyListEntry] {
        var taken: Set<Key> = []
        var keysOfBinding: [KeyCodeBinding: [Key]] = [:]
        for binding in bindings {
            keysOfBinding[binding] = binding.keys.filter { !taken.contains($0) }
            taken.formUnion(binding.keys)
        }
        var entries: [KeyListEntry] = []
        for binding in KeyMap.ranked(bindings) where binding.hint != .keys {
            guard let hint = binding.hint else {
                entries += KeyMap.lineEditing.map { KeyListEntry(keys: KeyMap.names($0.keys), hint: $0.hint) }
                continue
            }
            let keys = keysOfBinding[binding] ?? []
            guard !keys.isEmpty else { continue }
            let names = keys.map(KeyMap.name).joined(separator: ", ")
            if let index = entries.firstIndex(where: { $0.hint == hint }) {
                entries[index] = KeyListEntry(keys: "\(entries[index].keys), \(names)", hint: hint)
            } else {
                entries.append(KeyListEntry(keys: names, hint: hint))
            }
        }
        return entries
    }
}

extension KeyMap {
    /// Every key that works on `state` as the key list (F1) shows it.
    public static func keyList(for state: NavigatorState) -> [KeyListEntry] {
        KeyListEntry.entries(of: bindings(for: state))
    }

    /// The line-editing keys as the key list groups them (the README's key table does the same); `edit(for:)` also
    /// takes the Emacs synonyms Ctrl-B/F (←/→) and Ctrl-H/D (Backspace/Delete), which neither names.
    static let lineEditing: [(keys: [[Key]], hint: KeyHint)] = [
        ([[.left, .right], [.home, .end], [.control("a"), .control("e")]], .moveInField),
        ([[.backspace, .delete]], .deleteCharacter),
        ([[.control("u"), .control("k"), .control("w")]], .deleteToStartEndOrWord),
    ]

    /// Groups of keys written "←/→, Home/End, Ctrl-A/E": a group's keys joined by "/", a Ctrl key after another
    /// by its letter alone.
    static func names(_ groups: [[Key]]) -> String {
        groups.map { group in
            group.enumerated().map { index, key in
                if index > 0, case .control(let letter) = key, case .control = group[index - 1] {
                    return letter.uppercased()
                }
                return name(key)
            }.joined(separator: "/")
        }.joined(separator: ", ")
    }

    /// How the key list writes one key.
    static func name(_ key: Key) -> String {
        switch key {
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .function(let number): "F\(number)"
        case .control(let letter): "Ctrl-\(letter.uppercased())"
        case .paste, .resize: "\(key)"
        }
    }
}
