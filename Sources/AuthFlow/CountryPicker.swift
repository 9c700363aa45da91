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
