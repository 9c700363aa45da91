/// "About / keys" (F1, or ? where no text field takes it): every key that works on what is beneath, with what it
/// does: the footer's hints in full, when the footer has no room for them all. Any of its keys closes it.
public enum About {
    public struct State: Feature {
        public init() {}

        public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState,
                                    as id: ElementID) -> [NavigatorEffect] {
            if input == .backRequested { navigator.remove(id) }
            return []
        }

        /// Esc, Enter, F1, ? or Space closes it.
        public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
            [KeyBinding([.escape, .enter, .f1, .questionMark, .space], .dismiss, .backRequested)]
        }
    }

    /// Opens it over whatever is on top.
    public static let opening = NavigatorEvent.layerRequested(Presentation(State()))
}
