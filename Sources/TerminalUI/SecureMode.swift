/// How a text field shows what was typed.
public enum SecureMode: Sendable, Hashable {
    /// An ordinary field: the text as typed.
    case plain
    /// A secret hidden behind one "•" per character.
    case masked
    /// A secret the person chose to show.
    case revealed
}
