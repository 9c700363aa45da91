import AuthFlow
import Localization
import TerminalUI

/// Plain mode's view of a Navigator state: the layer that takes the keys (or the screen) as lines to read and
/// numbered choices. It is built from the very widgets the full-screen interface draws, so every screen, sheet
/// and alert reads the same in both, and its extra choices (back, quit, inbox) come from the key table.
public struct PlainFrame: Hashable, Sendable {
    /// What choosing a number does.
    public enum Target: Hashable, Sendable {
        /// Focus the n-th field or control (Tab order) and fill or press it.
        case control(Int)
        /// Select the n-th item of the list, and use it when Enter would.
        case listItem(Int)
        /// Press a key of the key table (Esc, F2, Ctrl-C).
        case key(Key)
    }

    /// A numbered choice; `field` is set when it is a field to fill.
    public struct Choice: Hashable, Sendable {
        public let target: Target
        public let field: Field?
    }

    /// A field's prompt.
    public struct Field: Hashable, Sendable {
        public let label: String
        /// Read without echo.
        public let isSecure: Bool
    }

    /// The text to print: lines and numbered choices, each line ending in a line break.
    public let text: String
    /// Choice n is `choices[n - 1]`.
    public let choices: [Choice]
    /// The position of the focused field or control among them, if any.
    public let focusedControl: Int?
    /// The selected item of the list, if there is one.
    public let selectedItem: Int?
    /// True while a call is in flight: nothing can be chosen until its result arrives.
    public let isWaiting: Bool
}

/// Builds `PlainFrame`s.
public enum PlainScreen {
    /// The most list items offered at once; a search narrows longer lists (the countries).
    static let maximumListItems = 20

    /// The frame for `state`: its top layer, or the screen when no layer is open.
    public static func frame(_ state: NavigatorState, context: ScreenContext) -> PlainFrame {
        let items = state.topLayer.map {
            AuthScreen.layerView($0, isTop: true, state: state, context: context, bodyHeight: .max).plainItems
        } ?? AuthScreen.screenView(state, context: context).plainItems
        var builder = Builder(strings: context.strings)
        for item in items { builder.add(item) }
        // While a call is in flight nothing is asked: the result is awaited (Ctrl-C still ends the run).
        for binding in state.operation == nil ? keyChoices(state) : [] {
            builder.addChoice(keyAndAction(binding.label, context.strings[binding.hint!.stringKey],
                                           strings: context.strings),
                              Choice(target: .key(binding.keys[0]), field: nil))
        }
        return PlainFrame(text: builder.text, choices: builder.choices, focusedControl: builder.focusedControl,
                          selectedItem: builder.selectedItem, isWaiting: state.operation != nil)
    }

    /// A key and what it does ("F2: inbox"), in the order and punctuation of the interface language.
    static func keyAndAction(_ key: String, _ action: String, strings: Strings) -> String {
        strings.format(.plainKeyChoice, .string(key), .string(action))
    }

    /// The prompt after a frame: which numbers may be typed, in ASCII digits like the choices themselves.
    public static func choicePrompt(_ frame: PlainFrame, strings: Strings) -> String {
        strings.format(.plainChoicePrompt, .string(String(frame.choices.count))) + " "
    }

    /// What a number outside the choices is told.
    public static func invalidChoice(_ frame: PlainFrame, strings: Strings) -> String {
        strings.format(.plainChoiceInvalid, .string(String(frame.choices.count)))
    }

    /// The prompt of a field.
    public static func fieldPrompt(_ field: PlainFrame.Field, strings: Strings) -> String {
        strings.format(.plainFieldPrompt, .string(field.label)) + " "
    }

    /// The key table's actions that are not about focus or Enter: back, quit, inbox, dismiss (once each).
    private static func keyChoices(_ state: NavigatorState) -> [KeyCodeBinding] {
        let offered: Set<KeyHint> = [.back, .quit, .inbox, .dismiss]
        var seen: Set<KeyHint> = []
        return KeyMap.bindings(for: state).filter { binding in
            guard let hint = binding.hint, offered.contains(hint), case .event = binding.action,
                  !binding.keys.isEmpty, !binding.keys.contains(.enter) else { return false }
            return seen.insert(hint).inserted
        }
    }

    private typealias Choice = PlainFrame.Choice

    /// Numbers choices in order and writes the lines.
    private struct Builder {
        let strings: Strings
        /// A line is text, a numbered choice, or a line under a choice (indented like the choice's text).
        var lines: [(text: String, number: Int?, isUnder: Bool)] = []
        var choices: [Choice] = []
        var controls = 0
        var focusedControl: Int?
        var selectedItem: Int?

        mutating func add(_ item: PlainItem) {
            switch item {
            case .text(let text):
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { (String($0), nil, false) }
            case .field(let label, let value, let isSecure, let isFocused, let messages):
                if isFocused { focusedControl = controls }
                let shown = value.isEmpty ? strings[.plainFieldEmpty] : value
                addChoice(strings.format(.plainFieldPrompt, .string(label)) + " " + shown,
                          Choice(target: .control(controls), field: PlainFrame.Field(label: label, isSecure: isSecure)))
                controls += 1
                lines += messages.map { (($0.isError ? "✗ " : "✓ ") + $0.text, nil, true) }
            case .control(let title, _, let isFocused):
                if isFocused { focusedControl = controls }
                addChoice(title, Choice(target: .control(controls), field: nil))
                controls += 1
            case .list(let items, let selected):
                selectedItem = selected
                for (index, entry) in items.prefix(PlainScreen.maximumListItems).enumerated() {
                    addChoice(entry.fullTitle, Choice(target: .listItem(index), field: nil))
                    if let detail = entry.detail { lines.append((detail, nil, true)) }
                }
                if items.count > PlainScreen.maximumListItems {
                    lines.append((strings.format(.plainNotShown, .int(items.count - PlainScreen.maximumListItems)), nil,
                                  true))
                }
            }
        }

        mutating func addChoice(_ text: String, _ choice: Choice) {
            choices.append(choice)
            lines.append((text, choices.count, false))
        }

        /// Choice numbers right-aligned, their text and the lines under them indented alike.
        var text: String {
            let width = String(choices.count).count
            return lines.map { line in
                guard let number = line.number else {
                    return line.isUnder ? String(repeating: " ", count: width + 4) + line.text : line.text
                }
                let label = String(number)
                return "  " + String(repeating: " ", count: width - label.count) + label + ") " + line.text
            }.map { $0 + "\n" }.joined()
        }
    }
}
