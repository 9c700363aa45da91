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

    /// The README's promise: what does not fit is left out from the end, so a shorter hint after a long one that
    /// does not fit is left out too, and the order stays the order of importance.
    @Test func anItemThatDoesNotFitEndsTheFooter() {
        let footer = Footer(items: [Footer.Item(key: "Enter", action: "use"),
                                    Footer.Item(key: "Ctrl-R", action: "show/hide password"),
                                    Footer.Item(key: "Esc", action: "back")])
        var buffer = Buffer(size: Size(width: 30, height: 1))
        footer.render(in: buffer.bounds.row(0), buffer: &buffer)
        #expect(buffer.textLines() == [" Enter use"])
    }
}
