import Testing
@testable import FauthTUI

/// Issue 31 item 21: addresses become OSC 8 links only in terminals known to show them, or when asked.
@Suite struct HyperlinkSettingTests {
    private func links(_ environment: [String: String]) -> Bool {
        HyperlinkSetting.showsLinks(environment: environment)
    }

    @Test func terminalsThatNameThemselvesAndShowLinks() {
        #expect(links(["TERM": "xterm-256color", "VTE_VERSION": "7600"]))
        #expect(links(["TERM": "xterm-256color", "VTE_VERSION": "5000"]))
        #expect(links(["TERM_PROGRAM": "iTerm.app"]) && links(["TERM_PROGRAM": "WezTerm"]))
        #expect(links(["TERM_PROGRAM": "vscode"]) && links(["TERM_PROGRAM": "ghostty"]))
        #expect(links(["TERM": "xterm-kitty"]) && links(["TERM": "foot"]) && links(["TERM": "alacritty"]))
        #expect(links(["TERM": "xterm-256color", "WT_SESSION": "5e1f0b2c"]))
    }

    @Test func everywhereElseNoLinks() {
        #expect(!links([:]))
        #expect(!links(["TERM": "xterm-256color"]), "xterm shows no OSC 8 links")
        #expect(!links(["TERM": "linux"]))
        #expect(!links(["TERM": "xterm-256color", "VTE_VERSION": "4601"]), "VTE before 0.50")
        #expect(!links(["TERM": "xterm-256color", "KONSOLE_VERSION": "230804"]), "Konsole's links are off by default")
        #expect(!links(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "VTE_VERSION": "7600"]))
        #expect(!links(["TERM": "screen", "STY": "1234.pts-0", "TERM_PROGRAM": "iTerm.app"]))
    }

    @Test func theVariableDecides() {
        #expect(links(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "FAUTH_TUI_HYPERLINKS": "on"]))
        #expect(!links(["TERM": "xterm-kitty", "FAUTH_TUI_HYPERLINKS": "OFF"]))
        #expect(!links(["TERM": "xterm", "FAUTH_TUI_HYPERLINKS": "maybe"]), "anything else: the guess")
    }
}
