import Testing
import TestSupport
@testable import TerminalUI

@Suite struct ListViewWidgetTests {
    private let items = [
        ListItem(title: "SMS", detail: "+1 650-555-0100"),
        ListItem(title: "Authenticator app"),
        ListItem(title: "SMS", detail: "+81 90-1234-5678"),
        ListItem(title: "Security key"),
        ListItem(title: "Backup codes", detail: "8 left"),
    ]

    @Test func heightCountsTitlesAndDetails() {
        #expect(ListView(items: items, selected: nil, isFocused: false).height(width: 30) == 8)
    }

    @Test func focusedSelectionIsABarWithMarker() {
        let buffer = rendered(ListView(items: items, selected: 1, isFocused: true), width: 24)
        assertSnapshot(buffer, named: "listview-focused")
        #expect(buffer[0, 2].text == "›")
        #expect(buffer.roles(at: Point(x: 0, y: 2), count: 24).allSatisfy { $0 == .buttonFocused })
        #expect(buffer[4, 1].role == .muted)
        #expect(buffer[2, 0].role == .normal)
    }

    @Test func windowScrollsToKeepTheSelectionVisible() {
        var buffer = Buffer(size: Size(width: 24, height: 4))
        ListView(items: items, selected: 4, isFocused: false).render(in: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "listview-scrolled")
        #expect(buffer.textLines() == [
            "    +81 90-1234-5678   ▲", "  Security key", "› Backup codes", "    8 left",
        ])
        #expect(buffer[23, 0].text == "▲")
        #expect(buffer[23, 3].text != "▼")

        var top = Buffer(size: Size(width: 24, height: 4))
        ListView(items: items, selected: 0, isFocused: false).render(in: top.bounds, buffer: &top)
        #expect(top.position(of: "› SMS") == Point(x: 0, y: 0))
        #expect(top[23, 3].text == "▼")
        #expect(top[23, 0].text != "▲")
    }

    /// Issue 31 item 19: a narrow country list cut the dial code ("United Kingdom (GB +…"), the part that tells
    /// +44 rows apart; the name is cut instead, and plain mode reads the whole row.
    @Test func aNarrowListCutsTheTitleAndKeepsItsTrailingTextWhole() {
        let item = ListItem(title: "United Kingdom", trailing: "(GB +44)")
        let list = ListView(items: [item], selected: nil, isFocused: false)
        #expect(rendered(list, width: 20).textLines() == ["  United… (GB +44)"])
        #expect(rendered(list, width: 40).textLines() == ["  United Kingdom (GB +44)"])
        #expect(item.fullTitle == "United Kingdom (GB +44)")
    }
}
