/// A decoded key press (or paste, or resize), independent of the terminal it came from.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Text that arrived in one bracketed paste.
    case paste(String)
    case enter, escape, tab, backTab
    case up, down, left, right, home, end, pageUp, pageDown
    case backspace, delete
    /// Ctrl plus a lower-case letter, e.g. `.control("a")`; Tab, Enter and Backspace decode to their own cases.
    case control(Character)
    case function(Int)
    /// The terminal changed size.
    case resize
}
