import Testing
import TestSupport
@testable import TerminalUI

/// Issue 31 item 17: a choice on its own is a box, one choice of a group a round mark, drawn and in plain mode.
@Suite struct CheckboxWidgetTests {
    @Test func aChoiceOnItsOwnIsABox() {
        #expect(rendered(Checkbox("Email verified", isOn: true, isFocused: true), width: 30).textLines()
            == ["› [x] Email verified"])
        #expect(rendered(Checkbox("Email verified", isOn: false, isFocused: false), width: 30).textLines()
            == ["  [ ] Email verified"])
    }

    @Test func oneChoiceOfAGroupIsARoundMark() {
        #expect(rendered(Checkbox("Text message", isOn: true, isFocused: true, mark: .radio), width: 30).textLines()
            == ["› (•) Text message"])
        #expect(rendered(Checkbox("Authenticator app", isOn: false, isFocused: false, mark: .radio), width: 30)
            .textLines() == ["  ( ) Authenticator app"])
        #expect(Checkbox("Text message", isOn: false, isFocused: false, mark: .radio).plainItems
            == [.control(title: "( ) Text message", isEnabled: true, isFocused: false)])
    }
}
