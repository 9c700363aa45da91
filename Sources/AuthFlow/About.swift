/// "About / keys" (F1, or ? where no text field takes it): every key that works on what is beneath, with what it
/// does: the footer's hints in full, with their synonyms and the line-editing keys. Any of its keys but the arrows
/// closes it; ↑/↓ and Page Up/Down move through a list longer than the terminal shows.
public enum About {
    public struct State: Feature {
        /// How many entries the list has (fixed while it shows: nothing beneath takes keys meanwhile).
        public let entryCount: Int
        /// The entry the list is scrolled to show.
        public var selected: Int

        public init(entryCount: Int, selected: Int = 0) {
            self.entryCount = entryCount
            self.selected = selected
        }

        public mutating func handle(_ input: NavigatorEvent.Input, in navigator: inout NavigatorState,
                                    as id: ElementID) -> [NavigatorEffect] {
            switch input {
            case .backRequested: navigator.remove(id)
            case .selectionMoved(let delta): selected = min(max(0, selected + delta), max(0, entryCount - 1))
            case .edited, .focusMovedForward, .focusMovedBackward, .activated, .passwordRevealToggled, .inboxToggled:
                break
            }
            return []
        }

        /// Esc, Enter, F1, ? or Space closes it; ↑/↓ and Page Up/Down move through more than one entry.
        public func keyBindings(in navigator: NavigatorState) -> [KeyBinding] {
            [KeyBinding([.escape, .enter, .f1, .questionMark, .space], .dismiss, .backRequested)]
                + KeyBinding.list(enabled: entryCount > 1)
        }
    }

    /// Opens it over whatever is on top, listing `entryCount` entries.
    public static func opening(entryCount: Int) -> NavigatorEvent {
        .layerRequested(Presentation(State(entryCount: entryCount)))
    }
}
