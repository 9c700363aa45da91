import AuthScreens
import Testing

@Suite struct BackendBadgeTests {
    let local = BackendBadge(text: "local: ~/.local/share/fauth-tui/local.sqlite",
                             address: "~/.local/share/fauth-tui/local.sqlite")
    let emulator = BackendBadge(text: "Firebase emulator 127.0.0.1:9099 (demo-fauth)", address: "127.0.0.1:9099")

    @Test func theWholeLabelShowsWhenItFits() {
        #expect(local.fitted(to: 78) == "local: ~/.local/share/fauth-tui/local.sqlite")
        #expect(emulator.fitted(to: 78) == "Firebase emulator 127.0.0.1:9099 (demo-fauth)")
    }

    @Test func theWordsGoBeforeTheAddress() {
        #expect(local.fitted(to: 38) == "~/.local/share/fauth-tui/local.sqlite")
        #expect(emulator.fitted(to: 28) == "127.0.0.1:9099")
    }

    @Test func aPathIsShortenedInTheMiddleAndKeepsItsFileName() {
        #expect(local.fitted(to: 28) == "~/.local/share…/local.sqlite")
        #expect(local.fitted(to: 15) == "~…/local.sqlite")
        #expect(local.fitted(to: 14) == "~/.loca…sqlite")
    }

    @Test func anAddressTooLongForItsEndsKeepsBoth() {
        #expect(emulator.fitted(to: 9) == "127.…9099")
        #expect(BackendBadge(text: "local: /tmp/a-very-long-file-name.sqlite",
                             address: "/tmp/a-very-long-file-name.sqlite").fitted(to: 11) == "/tmp/…qlite")
    }
}
