import Testing
import TestSupport
@testable import TerminalUI

@Suite struct TextFieldWidgetTests {
    private func field(
        _ text: String, cursor: Int? = nil, focused: Bool = true, secure: SecureMode = .plain,
        messages: [ValidationMessage] = []
    ) -> TextField {
        TextField(label: "Email", text: text, cursor: cursor ?? text.count, placeholder: "Enter your email",
                  isFocused: focused, secure: secure, messages: messages)
    }

    @Test func focusedFieldShowsMarkerAndPlacesCursorAfterText() {
        let buffer = rendered(field("a@b.com"), width: 30)
        assertSnapshot(buffer, named: "textfield-focused")
        #expect(buffer.cursor == Point(x: 10, y: 1))
        #expect(buffer[0, 1].text == "›")
        #expect(buffer.roles(at: Point(x: 2, y: 1), count: 28).allSatisfy { $0 == .fieldFocused })
        #expect(buffer[2, 0].role == .label)
    }

    @Test func unfocusedFieldHasNoMarkerOrCursor() {
        let buffer = rendered(field("a@b.com", focused: false), width: 30)
        assertSnapshot(buffer, named: "textfield-unfocused")
        #expect(buffer.cursor == nil)
        #expect(buffer[0, 1].text == " ")
        #expect(buffer.roles(at: Point(x: 2, y: 1), count: 28).allSatisfy { $0 == .field })
    }

    @Test func emptyFieldShowsPlaceholderWithCursorAtStart() {
        let buffer = rendered(field(""), width: 30)
        assertSnapshot(buffer, named: "textfield-placeholder")
        #expect(buffer.cursor == Point(x: 3, y: 1))
        #expect(buffer[3, 1].role == .placeholder)
    }

    @Test func maskedFieldShowsOneBulletPerCharacter() {
        let secret = TextField(label: "Password", text: "sécret日本", cursor: 8, isFocused: true, secure: .masked)
        let buffer = rendered(secret, width: 30)
        assertSnapshot(buffer, named: "textfield-masked")
        #expect(buffer.textLines()[1] == "› [••••••••                  ]")
        #expect(buffer.cursor == Point(x: 11, y: 1))
    }

    @Test func revealedFieldShowsTheSecret() {
        let secret = TextField(label: "Password", text: "sécret", cursor: 6, isFocused: false, secure: .revealed)
        let buffer = rendered(secret, width: 30)
        assertSnapshot(buffer, named: "textfield-revealed")
        #expect(buffer.textLines()[1] == "  [sécret                    ]")
    }

    @Test func validationMessagesWrapUnderTheField() {
        let messages = [
            ValidationMessage("Email must contain @ and a domain name", isError: true),
            ValidationMessage("Not empty", isError: false),
        ]
        let widget = field("ab", messages: messages)
        #expect(widget.height(width: 30) == 5)
        let buffer = rendered(widget, width: 30)
        assertSnapshot(buffer, named: "textfield-messages")
        #expect(buffer.position(of: "✗ Email") == Point(x: 2, y: 2))
        #expect(buffer[2, 2].role == .error)
        #expect(buffer[2, 4].role == .muted)
    }

    @Test func longTextScrollsSoTheCursorStaysVisible() {
        let text = "taro.yamada@example.co.jp"
        let atEnd = rendered(field(text), width: 16)
        #expect(atEnd.textLines()[1] == "› <ample.co.jp ]")
        #expect(atEnd.cursor == Point(x: 14, y: 1))
        let inMiddle = rendered(field(text, cursor: 14), width: 16)
        #expect(inMiddle.textLines()[1] == "› <o.yamada@exa>")
        #expect(inMiddle.cursor == Point(x: 14, y: 1))
        let atStart = rendered(field(text, cursor: 0), width: 16)
        #expect(atStart.textLines()[1] == "› [taro.yamada@>")
        #expect(atStart.cursor == Point(x: 3, y: 1))
    }

    @Test func scrollingCountsWideCharactersAsTwoColumns() {
        let text = "山田太郎@例え.日本"
        var buffer = Buffer(size: Size(width: 16, height: 9))
        for (row, cursor) in [0, 4, 6, 10].enumerated() {
            let widget = TextField(label: "", text: text, cursor: cursor, isFocused: true)
            widget.render(in: Rect(x: 0, y: row * 2, width: 16, height: 1), buffer: &buffer)
            let cursorCell = buffer.cursor!
            #expect(cursorCell.x >= 3 && cursorCell.x < 15, "cursor \(cursor) at column \(cursorCell.x)")
            let before = TextWidth.of(String(text.prefix(cursor)))
            let shownBefore = buffer.textLines()[row * 2].dropFirst(3).prefix { $0 != ">" && $0 != "]" }
            #expect(TextWidth.of(String(shownBefore)) >= cursorCell.x - 3)
            #expect(before >= cursorCell.x - 3)
        }
        assertSnapshot(buffer, named: "textfield-cjk-scrolling")
        let last = TextField(label: "", text: text, cursor: 3, isFocused: true)
        let single = rendered(last, width: 16)
        #expect(single.cursor == Point(x: 9, y: 0))
        #expect(single[9, 0].text == "郎")
    }

    /// A pre-filled, selected value is highlighted while focused, so a person sees typing will replace it.
    @Test func aSelectedTextIsHighlightedWhileFocused() {
        let selected = rendered(TextField(label: "", text: "ann@example.com", cursor: 15, isFocused: true,
                                          isSelected: true), width: 30)
        #expect(selected.roles(at: Point(x: 3, y: 0), count: 15).allSatisfy { $0 == .buttonFocused })
        let unfocused = rendered(TextField(label: "", text: "ann@example.com", cursor: 15, isFocused: false,
                                           isSelected: true), width: 30)
        #expect(unfocused.roles(at: Point(x: 3, y: 0), count: 15).allSatisfy { $0 == .field })
    }
}
