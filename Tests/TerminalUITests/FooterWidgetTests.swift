import Testing
import TestSupport
@testable import TerminalUI

@Suite struct FooterWidgetTests {
    private let footer = Footer(items: [
        (key: "Enter", action: "sign in"), (key: "Tab", action: "next field"), (key: "Esc", action: "back"),
        (key: "Ctrl-C", action: "quit"),
    ])

    @Test func dropsItemsThatDoNotFitFromTheEnd() {
        var buffer = Buffer(size: Size(width: 60, height: 3))
        footer.render(in: buffer.bounds.row(0), buffer: &buffer)
        footer.render(in: Rect(x: 0, y: 1, width: 42, height: 1), buffer: &buffer)
        footer.render(in: Rect(x: 0, y: 2, width: 20, height: 1), buffer: &buffer)
        assertSnapshot(buffer, named: "footer-truncation")
        #expect(buffer.textLines()[2] == " Enter sign in")
    }

    @Test func keysAndActionsHaveTheirRoles() {
        let buffer = rendered(footer, width: 60)
        #expect(buffer.roles(at: Point(x: 1, y: 0), count: 5).allSatisfy { $0 == .footerKey })
        #expect(buffer.roles(at: Point(x: 7, y: 0), count: 7).allSatisfy { $0 == .footer })
        #expect(buffer[59, 0].role == .footer)
    }

    @Test func aRightToLeftFooterStartsOnTheRightAndKeepsKeyNamesReadable() {
        var buffer = Buffer(size: Size(width: 30, height: 1), direction: .rightToLeft)
        Footer(items: [(key: "↑↓", action: "הבא"), (key: "Esc", action: "חזרה")])
            .render(in: buffer.bounds.row(0), buffer: &buffer)
        #expect(buffer.textLines()[0] == "             הרזח Esc  אבה ↑↓")
    }

    /// Regression (issue 13 item 8): a short footer dropped quit and back without a word.
    @Test func whenShortItKeepsQuitAndBackAndPointsToTheFullList() {
        let items = [Footer.Item(key: "Tab", action: "next"), Footer.Item(key: "Enter", action: "sign in"),
                     Footer.Item(key: "Ctrl-R", action: "show"), Footer.Item(key: "Esc", action: "back", isEssential: true),
                     Footer.Item(key: "F2", action: "inbox"), Footer.Item(key: "Ctrl-C", action: "quit", isEssential: true)]
        let footer = Footer(items: items, overflow: Footer.Item(key: "F1", action: "keys"))
        var buffer = Buffer(size: Size(width: 80, height: 4))
        footer.render(in: buffer.bounds.row(0), buffer: &buffer)
        footer.render(in: Rect(x: 0, y: 1, width: 42, height: 1), buffer: &buffer)
        footer.render(in: Rect(x: 0, y: 2, width: 30, height: 1), buffer: &buffer)
        footer.render(in: Rect(x: 0, y: 3, width: 20, height: 1), buffer: &buffer)
        #expect(buffer.textLines() == [
            " Tab next  Enter sign in  Ctrl-R show  Esc back  F2 inbox  Ctrl-C quit",
            " Tab next  Esc back  Ctrl-C quit  F1 keys",
            " Esc back  Ctrl-C quit",
            " Ctrl-C quit",
        ])
    }
}
