import TerminalUI

/// Who reorders right-to-left text on this terminal: `FAUTH_TUI_BIDI`, else a guess from the environment.
package enum BidiSetting {
    /// The environment variable that says who reorders: `app` (fauth-tui) or `terminal`.
    package static let variable = "FAUTH_TUI_BIDI"

    /// `FAUTH_TUI_BIDI` when it is `app` or `terminal`; otherwise `terminal` inside mlterm (which reorders
    /// and shapes every line by itself and says so in `MLTERM`), and `application` everywhere else: xterm,
    /// tmux, screen and the Linux console draw cells in the order they come. Other terminals with a bidi
    /// setting of their own (Konsole, some VTE versions) are told apart only by this variable.
    package static func mode(environment: [String: String]) -> BidiMode {
        if let value = environment[variable]?.lowercased(), let mode = BidiMode(rawValue: value) { return mode }
        return environment["MLTERM"].map { !$0.isEmpty } == true ? .terminal : .application
    }
}
