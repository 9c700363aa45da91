import AuthCore

/// The country selector of the phone screens: a search over every country with a calling code.
public enum CountryPicker {
    public enum Control: Hashable, Sendable {
        case searchField
    }

    public struct State: FormFeature {
        public typealias Control = CountryPicker.Control

        public var query = TextInput()
        public var selection: Int
        /// The language country names are searched and shown in.
        public let language: String
        public var focus = Control.searchField

        /// The countries matching the search, in the picker's language (searched again after each edit).
        public internal(set) var results: [Country]

        /// The picker with `current` selected.
        public init(current: Country, language: String) {
            self.language = language
            results = CountryCatalog.search("", language: language)
            selection = results.firstIndex(of: current) ?? 0
        }

        public var controls: [Control] { [.searchField] }
        public func kind(of control: Control) -> ControlKind { .textField(isSecure: false) }
        public func text(of control: Control) -> WritableKeyPath<State, TextInput>? { \.query }

        /// A new search starts at the top of the list.
        public mutating func didEdit(_ control: Control) {
            results = CountryCatalog.search(query.text, language: language)
            selection = 0
        }

        /// ↑/↓ and Page Up/Down.
        mutating func moveSelection(by delta: Int) {
            let count = results.count
            guard count > 0 else { return }
            selection = min(max(0, selection + delta), count - 1)
        }

        /// Enter: the selected country, if the search matches any.
        var chosen: Country? { results.indices.contains(selection) ? results[selection] : nil }
    }
}

/// A screen that asks for a country with the country picker, and takes the one chosen.
public protocol CountryChoosing {
    mutating func choose(_ country: Country)
}

extension CountryPicker.State: Feature {
    /// ↑/↓ move the selection, typing searches, Enter chooses for the screen beneath, Esc closes.
    public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState, as id: ElementID)
        -> [NavigatorEffect] {
        switch input {
        case .backRequested:
            navigator.remove(id)
        case .selectionMoved(let delta):
            moveSelection(by: delta)
        case .edited, .focusMovedForward, .focusMovedBackward, .activated, .passwordRevealToggled, .inboxToggled:
            guard case .activated = apply(input), let country = chosen else { return [] }
            navigator.remove(id)
            Self.choose(country, in: &navigator)
        }
        return []
    }

    public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
        KeyBinding.list(enabled: results.count > 1)
            + (results.isEmpty ? [] : [KeyBinding([.enter], .activate, .activated)])
            + [.escape(.back), .typing]
    }
}

extension CountryPicker.State {
    /// Gives the chosen country to the screen that asked for it.
    private static func choose(_ country: Country, in navigator: inout NavigatorState) {
        guard let id = navigator.path.ids.last,
              var screen = navigator.path[id: id]?.feature as? any FormReducer & CountryChoosing else { return }
        screen.choose(country)
        navigator.path[id: id] = Route(screen)
    }
}
