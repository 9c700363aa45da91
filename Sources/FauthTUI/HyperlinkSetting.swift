import TerminalUI

/// Whether the interface makes addresses OSC 8 hyperlinks: `FAUTH_TUI_HYPERLINKS`, else a guess from the
/// environment the terminal sets. The interface only asks on a terminal it draws on; plain mode never links.
package enum HyperlinkSetting {
    /// The environment variable that turns links `on` or `off`.
    package static let variable = "FAUTH_TUI_HYPERLINKS"

    /// `FAUTH_TUI_HYPERLINKS` when it is `on` or `off`. Otherwise off inside tmux or screen (`TMUX`, `STY`): the
    /// terminal outside cannot be told from there, and only tmux 3.4 with its `hyperlinks` feature passes links
    /// on. Otherwise on in terminals that name themselves and show OSC 8 links: VTE 0.50 or later (GNOME Terminal,
    /// Tilix, …: `VTE_VERSION` ≥ 5000), iTerm2, WezTerm, VS Code, Ghostty (`TERM_PROGRAM`), kitty, foot,
    /// Alacritty (`TERM`) and Windows Terminal (`WT_SESSION`); off everywhere else (xterm, the Linux console, and
    /// Konsole, whose links are off by default), where the sequence would be ignored at best and printed at
    /// worst.
    package static func showsLinks(environment: [String: String]) -> Bool {
        switch environment[variable]?.lowercased() {
        case "on"?: return true
        case "off"?: return false
        default: break
        }
        if environment["TMUX"] != nil || environment["STY"] != nil { return false }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        if let program = environment["TERM_PROGRAM"], ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(program) {
            return true
        }
        if let term = environment["TERM"], ["xterm-kitty", "foot", "foot-extra", "alacritty", "xterm-ghostty",
                                            "wezterm"].contains(term) {
            return true
        }
        return environment["WT_SESSION"].map { !$0.isEmpty } ?? false
    }
}
