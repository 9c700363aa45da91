import Testing
import TestSupport
@testable import TerminalUI

@Suite struct LabelWidgetTests {
    @Test func wrapsAndAligns() {
        let text = "Sign in with Firebase to continue"
        #expect(Label(text).height(width: 14) == 3)
        let centred = rendered(Label(text, alignment: .center), width: 14)
        #expect(centred.textLines() == [" Sign in with", " Firebase to", "   continue"])
        #expect(rendered(Label(text, alignment: .trailing), width: 14).textLines()[0] == "  Sign in with")
        let title = rendered(Label("Title", role: .title), width: 10)
        #expect(title.roles(at: Point(x: 0, y: 0), count: 5).allSatisfy { $0 == .title })
    }

    @Test func dividerAndSpacer() {
        #expect(rendered(Divider(), width: 5).textLines() == ["─────"])
        #expect(rendered(Divider(), width: 5)[0, 0].role == .muted)
        #expect(Spacer(2).height(width: 10) == 2)
    }
}
