/// Why the terminal could not be opened.
public enum TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The process has no controlling terminal to draw on.
    case notATerminal
    /// `TERM` is unset or empty.
    case missingTerm
    /// ncurses has no usable terminfo entry for this `TERM`.
    case unknownTerminal(String)

    /// A message for the person at the terminal.
    public var description: String {
        switch self {
        case .notATerminal:
            return "there is no terminal to draw on (run fauth-tui from a terminal)"
        case .missingTerm:
            return "TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
        case .unknownTerminal(let term):
            return "terminal type '\(term)' is unknown or cannot position the cursor (no terminfo entry); "
                + "try TERM=xterm-256color"
        }
    }
}
