import AuthFlow
import Foundation
import Testing
import TerminalUI
@testable import AuthScreens

/// The key list (F1) is built from the bindings: it names every key that acts on a screen, synonyms and line editing
/// included, and every key the README's key table lists (issue 31 item 12).
@Suite struct KeyListTests {
    /// Screens that together use every key of the README's table: a form with a password field, an alert with two
    /// buttons, the inbox and the country list.
    static var screens: [(String, NavigatorState)] {
        var alert = ScreenStates.signedIn.state
        alert.presentation.append(.alert(AlertPresentation(.confirmDeleteAccount, buttons: [
            AlertButton(.cancel, .dismiss), AlertButton(.deleteAccount, .dismiss),
        ])))
        return [("reset form", ScreenStates.resetForm.state), ("signed in", ScreenStates.signedIn.state),
                ("alert", alert), ("inbox", ScreenStates.inbox.state),
                ("country list", ScreenStates.countryPicker.state)]
    }

    /// Every key a binding could name.
    static let candidates: [Key] = [.tab, .backTab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
                                    .enter, .escape, .backspace, .delete, .character(" "), .character("?")]
        + (1...12).map(Key.function) + "abcdefghijklmnopqrstuvwxyz".map(Key.control)

    /// "←/→, Home/End, Ctrl-A/E" as the single keys it names: ←, →, Home, End, Ctrl-A, Ctrl-E.
    static func singleNames(_ text: String) -> [String] {
        text.components(separatedBy: ", ").flatMap { group -> [String] in
            let parts = group.components(separatedBy: "/")
            let prefix = parts[0].hasPrefix("Ctrl-") ? "Ctrl-" : ""
            return [parts[0]] + parts.dropFirst().map { $0.count == 1 && !prefix.isEmpty ? prefix + $0 : $0 }
        }
    }

    /// The keys of the README's key table ("| key | does |"), one name each.
    static func readmeKeys() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "| key | does |"))
        let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }
        return rows.flatMap { row -> [String] in
            let cell = row.components(separatedBy: "|")[1].trimmingCharacters(in: .whitespaces)
            // "Tab, ↓ / Shift-Tab, ↑", "Enter (Space on a button)", "F2 (or Ctrl-O)"
            let plain = cell.replacingOccurrences(of: " / ", with: ", ")
                .replacingOccurrences(of: " (Space on a button)", with: ", Space")
                .replacingOccurrences(of: " outside a field", with: "")
                .replacingOccurrences(of: " (or ", with: ", ").replacingOccurrences(of: ")", with: "")
            return singleNames(plain)
        }
    }

    @Test func everyKeyOfTheREADMEsTableIsInTheKeyListOfAScreenItWorksOn() throws {
        let listed = Set(Self.screens.flatMap { _, state in KeyMap.keyList(for: state).flatMap { Self.singleNames($0.keys) } })
        // F1 and ? open the list, which names the keys of what is beneath.
        let readme = try Self.readmeKeys().filter { $0 != "F1" && $0 != "?" }
        #expect(readme.count > 20)
        for key in readme { #expect(listed.contains(key), "\(key) is in the README's table, not in a key list") }
        for key in ["Shift-Tab", "↑", "←", "→", "Ctrl-U", "Ctrl-K", "Ctrl-W", "Ctrl-Q"] {
            #expect(listed.contains(key), "issue 31 item 12: \(key)")
        }
    }

    /// Each key the list names does something there; each key that does something is named, except the
    /// list's own F1/?, typed characters and the Emacs synonyms Ctrl-B/F/H/D, which the README leaves out too.
    @Test func theKeyListNamesExactlyTheKeysThatAct() {
        let unnamedEdits: Set<Key> = [.control("b"), .control("f"), .control("h"), .control("d")]
        for (name, state) in Self.screens {
            let listed = Set(KeyMap.keyList(for: state).flatMap { Self.singleNames($0.keys) })
            for key in Self.candidates {
                let acts = KeyMap.action(for: key, in: state) != nil
                let isNamed = listed.contains(KeyMap.name(key))
                if isNamed { #expect(acts, "\(name): \(KeyMap.name(key)) is listed but does nothing") }
                guard acts, !isNamed else { continue }
                let isTyping = KeyMap.action(for: key, in: state) == .edit
                    && (unnamedEdits.contains(key) || { if case .insert? = KeyMap.edit(for: key) { true } else { false } }())
                let opensTheList = KeyMap.event(for: key, in: state).map { if case .layerRequested = $0 { true } else { false } }
                #expect(isTyping || opensTheList == true, "\(name): \(KeyMap.name(key)) acts but is not listed")
            }
        }
    }

    /// The list's length is the one the F1 key opens it with, so ↓ stops at its last entry.
    @Test func theListOpensWithItsOwnLength() throws {
        for (name, state) in Self.screens {
            let event = try #require(KeyMap.event(for: .function(1), in: state))
            let opened = Navigator.update(state, event).0
            let about = try #require(opened.topLayer?.feature as? About.State)
            #expect(about.entryCount == KeyMap.keyList(for: state).count, "\(name)")
        }
    }

    /// At 40x12 the list is longer than the frame: ↓ scrolls it to its last entry, which shows with a mark above.
    @Test func aNarrowListScrollsToItsLastEntry() throws {
        let state = ScreenStates.resetForm.state
        let context = ScreenContext(strings: .builtIn(language: "en"))
        var opened = Navigator.update(state, try #require(KeyMap.event(for: .function(1), in: state))).0
        let size = Size(width: 40, height: 12)
        let first = AuthScreen.render(opened, context: context, size: size).textLines().joined(separator: "\n")
        #expect(!first.contains("Ctrl-L") && first.contains("▼"))
        for _ in 0..<KeyMap.keyList(for: state).count {
            opened = Navigator.update(opened, try #require(KeyMap.event(for: .down, in: opened))).0
        }
        let last = AuthScreen.render(opened, context: context, size: size).textLines().joined(separator: "\n")
        #expect(last.contains("Ctrl-L") && last.contains("▲") && !last.contains("▼"))
    }
}
