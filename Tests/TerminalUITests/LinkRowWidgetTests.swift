import Testing
import TestSupport
@testable import TerminalUI

@Suite struct LinkRowWidgetTests {
    @Test func leadingTextAndAFocusedLinkShareOneLineWhenTheyFit() {
        let row = LinkRow(leading: "Don't have an account yet?", link: "Sign up", isFocused: true)
        let buffer = rendered(row, width: 40)
        #expect(buffer.textLines() == ["  Don't have an account yet? › Sign up"])
        let link = buffer.position(of: "Sign up")!
        #expect(buffer.roles(at: link, count: 7).allSatisfy { $0 == .linkFocused })
        #expect(buffer[3, 0].role == .normal)
    }

    @Test func linkJoinsTheLastLeadingLineWhenItFits() {
        let row = LinkRow(leading: "Don't have an account yet?", link: "Sign up", isFocused: false, alignment: .leading)
        #expect(rendered(row, width: 20).textLines() == ["Don't have an", "account yet? Sign up"])
    }

    @Test func linkMovesToItsOwnLineWhenNarrow() {
        let row = LinkRow(leading: "Don't have an account yet?", link: "Sign up", isFocused: false, alignment: .leading)
        #expect(row.height(width: 18) == 3)
        let buffer = rendered(row, width: 18)
        #expect(buffer.textLines() == ["Don't have an", "account yet?", "Sign up"])
        #expect(buffer.roles(at: Point(x: 0, y: 2), count: 7).allSatisfy { $0 == .link })
    }

    @Test func linkAloneIsCentred() {
        let buffer = rendered(LinkRow(link: "Trouble signing in?", isFocused: false), width: 25)
        #expect(buffer.textLines() == ["   Trouble signing in?"])
    }
}
