import Testing
@testable import AuthFlow

@Suite struct TextInputTests {
    private func edited(_ text: String, cursor: Int? = nil, _ edits: TextEdit...) -> TextInput {
        var input = TextInput(text)
        if let cursor { for _ in 0..<(text.count - cursor) { input.apply(.moveLeft) } }
        edits.forEach { input.apply($0) }
        return input
    }

    @Test func insertsAtTheCursorAndDropsLineBreaks() {
        let input = edited("ac", cursor: 1, .insert("b\n"))
        #expect(input.text == "abc")
        #expect(input.cursor == 2)
        #expect(input.hasBeenEdited)
    }

    @Test func deletesBackwardAndForward() {
        #expect(edited("abc", cursor: 1, .deleteBackward).text == "bc")
        #expect(edited("abc", cursor: 1, .deleteForward).text == "ac")
        #expect(edited("abc", cursor: 0, .deleteBackward).text == "abc")
        #expect(edited("abc", .deleteForward).text == "abc")
    }

    @Test func movesWithinBounds() {
        #expect(edited("abc", .moveRight).cursor == 3)
        #expect(edited("abc", .moveToStart, .moveLeft).cursor == 0)
        #expect(edited("abc", .moveToStart, .moveToEnd).cursor == 3)
    }

    @Test func killsLikeReadline() {
        #expect(edited("hello world", cursor: 6, .deleteToStart).text == "world")
        #expect(edited("hello world", cursor: 5, .deleteToEnd).text == "hello")
        let word = edited("sign in now ", .deleteWordBackward)
        #expect(word.text == "sign in ")
        #expect(word.cursor == 8)
    }

    @Test func editsWideCharactersAsWholeCharacters() {
        let input = edited("日本語", cursor: 2, .deleteBackward)
        #expect(input.text == "日語")
        #expect(input.cursor == 1)
    }

    @Test func cursorMovesAloneDoNotCountAsEdits() {
        #expect(!edited("abc", .moveLeft).hasBeenEdited)
    }

    @Test func descriptionHidesTheText() {
        #expect(!"\(TextInput("hunter22"))".contains("hunter22"))
    }
}

@Suite struct FormValidatorsTests {
    @Test(arguments: ["a@b.co", "first.last+tag@sub.example.org", "x_y%z@host-name.io"])
    func acceptsValidEmails(email: String) {
        #expect(FormValidators.isValidEmail(email))
    }

    @Test(arguments: ["", "a", "a@", "@b.co", "a@b", "a@b.c", "a b@c.de", "a@@b.co", "a@b.c0", "ä@b.co"])
    func rejectsInvalidEmails(email: String) {
        #expect(!FormValidators.isValidEmail(email))
    }
}
