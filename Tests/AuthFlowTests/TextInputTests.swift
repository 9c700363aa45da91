import Foundation
import Testing
import TestSupport
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

    /// Issue 13 item 28: a pre-filled value is selected, so typing replaces it instead of appending to it.
    @Test func aSelectedTextIsReplacedByTypingAndKeptByMoves() {
        var typed = TextInput("old@example.com")
        typed.selectAll()
        #expect(typed.isSelected && typed.cursor == 15)
        typed.apply(.insert("n"))
        #expect(typed.text == "n" && typed.cursor == 1 && !typed.isSelected && typed.hasBeenEdited)

        var deleted = TextInput("old@example.com")
        deleted.selectAll()
        deleted.apply(.deleteBackward)
        #expect(deleted.text.isEmpty && !deleted.isSelected)

        var moved = TextInput("old@example.com")
        moved.selectAll()
        moved.apply(.moveLeft)
        #expect(moved.text == "old@example.com" && moved.cursor == 0 && !moved.isSelected && !moved.hasBeenEdited)
        moved.selectAll()
        moved.apply(.moveToEnd)
        moved.apply(.insert("m"))
        #expect(moved.text == "old@example.comm")

        var empty = TextInput()
        empty.selectAll()
        #expect(!empty.isSelected)
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

    @Test(arguments: [
        (["a", "\u{301}", "b"], "a\u{301}b", 2),
        (["👩", "\u{200D}", "💻", "!"], "👩\u{200D}💻!", 2),
        (["🇺", "🇸", "🇫", "🇷"], "🇺🇸🇫🇷", 2),
        (["\u{1100}", "\u{1161}", "\u{11A8}"], "\u{1100}\u{1161}\u{11A8}", 1),
    ])
    func typedScalarsThatMergeIntoOneGraphemeKeepTheCursorValid(typed: [String], text: String, cursor: Int) {
        var input = TextInput()
        typed.forEach { input.apply(.insert($0)) }
        #expect(input.text == text)
        #expect(input.cursor == cursor)
    }

    @Test func backspaceAfterAMergedAccentRemovesTheWholeGrapheme() {
        let input = edited("", .insert("a"), .insert("\u{301}"), .deleteBackward, .deleteBackward)
        #expect(input.text == "")
        #expect(input.cursor == 0)
    }

    @Test func insertingBeforeACombiningMarkPutsTheCursorAfterTheMergedGrapheme() {
        let input = edited("\u{301}b", cursor: 0, .insert("a"))
        #expect(input.text == "a\u{301}b")
        #expect(input.cursor == 1)
        #expect(edited("\u{301}b", cursor: 0, .insert("a"), .insert("c")).text == "a\u{301}cb")
    }

    @Test func deletingBetweenJamoThatThenMergeLeavesTheCursorOnABoundary() {
        var input = edited("\u{1100}x\u{1161}", cursor: 2, .deleteBackward)
        #expect(input.text == "\u{1100}\u{1161}")
        #expect(input.cursor == 0)
        input.apply(.deleteForward)
        #expect(input.text == "")
    }

    /// Random edits over scalars that merge with their neighbours never leave the cursor outside the text.
    @Test func randomEditsOverMergingScalarsKeepTheCursorInsideTheText() {
        var random = SeededGenerator.fromEnvironment(ProcessInfo.processInfo.environment)
        let pieces = ["a", "e", " ", "\u{301}", "\u{308}", "\u{200D}", "👩", "💻", "🇺", "🇸", "\u{1100}",
                      "\u{1161}", "\u{11A8}", "\u{FE0F}", "日", "\r\n", "x\u{301}\u{1161}"]
        let moves: [TextEdit] = [.deleteBackward, .deleteForward, .moveLeft, .moveRight, .moveToStart, .moveToEnd,
                                 .deleteToStart, .deleteToEnd, .deleteWordBackward]
        var input = TextInput()
        for step in 0..<3_000 {
            let edit = Bool.random(using: &random)
                ? TextEdit.insert(pieces.randomElement(using: &random)!) : moves.randomElement(using: &random)!
            input.apply(edit)
            guard (0...input.text.count).contains(input.cursor) else {
                Issue.record("seed \(random.seed), step \(step): cursor \(input.cursor) outside \(input.text.count)")
                return
            }
        }
    }

    /// A full field of regional indicators and combining marks takes 2,000 edits and moves; each stays local
    /// (the time limit catches a walk from the start of the text on every edit). Emptied halves are refilled.
    @Test(.timeLimit(.minutes(1))) func aFullFieldOfMergingScalarsStaysEditable() {
        var random = SeededGenerator.fromEnvironment(ProcessInfo.processInfo.environment)
        let flags = String(repeating: "🇺🇸", count: 256), marks = "a" + String(repeating: "\u{301}", count: 511)
        var input = TextInput()
        input.apply(.insert(flags + marks))
        #expect(input.text.unicodeScalars.count == TextInput.maximumLength)
        let edits: [TextEdit] = [.moveLeft, .moveLeft, .moveRight, .deleteBackward, .deleteForward, .insert("🇫"),
                                 .insert("\u{308}"), .deleteWordBackward, .moveToEnd, .moveToStart]
        for step in 0..<2_000 {
            input.apply(edits.randomElement(using: &random)!)
            if input.text.unicodeScalars.count < TextInput.maximumLength / 2 { input.apply(.insert(flags)) }
            let scalars = input.text.unicodeScalars.count
            guard scalars <= TextInput.maximumLength, (0...input.text.count).contains(input.cursor) else {
                Issue.record("seed \(random.seed), step \(step): \(scalars) scalars, cursor \(input.cursor)")
                return
            }
        }
    }

    @Test func aHugePasteIsCutToTheMaximumLengthAndSaysSo() {
        var input = edited("ab", cursor: 1, .insert(String(repeating: "x", count: 10_000)))
        #expect(input.text.count == TextInput.maximumLength)
        #expect(input.text.hasPrefix("ax") && input.text.hasSuffix("xb"))
        #expect(input.cursor == TextInput.maximumLength - 1)
        #expect(input.wasCut)
        input.apply(.insert("y"))
        #expect(input.text.count == TextInput.maximumLength)
        input.apply(.deleteBackward)
        #expect(!input.wasCut)
        #expect(input.text.count == TextInput.maximumLength - 1)
    }

    @Test func combiningMarksCountTowardsTheMaximumLength() {
        let input = edited("", .insert("a" + String(repeating: "\u{301}", count: 100_000)))
        #expect(input.text.unicodeScalars.count == TextInput.maximumLength)
        #expect(input.text.count == 1)
        #expect(input.wasCut)
    }

    @Test func cursorMovesAloneDoNotCountAsEdits() {
        #expect(!edited("abc", .moveLeft).hasBeenEdited)
    }

    @Test func descriptionHidesTheText() {
        #expect(!"\(TextInput("hunter22"))".contains("hunter22"))
    }
}

@Suite struct FormValidatorsTests {
    @Test(arguments: ["a@b.co", "first.last+tag@sub.example.org", "x_y%z@host-name.io", "o'brien@example.ie",
                      "a$b;c*d|e@example.com", "ä@b.co", "用户@例子.中国", "a@b.c"])
    func acceptsWhatTheBackendsAccept(email: String) {
        #expect(FormValidators.isValidEmail(email))
    }

    @Test(arguments: ["", "a", "a@", "@b.co", "a@b", "a b@c.de", "a@@b.co", "a@-b.co", "a@b..co",
                      "\u{301}@b.co", "a@\u{301}b.co", "\u{FE0F}@b.co", "\u{3164}@b.co", "a@b\u{3164}.co",
                      "a\u{1B}@b.co", "a\u{0}@b.co", "a\u{9B}@b.co", "a\u{202E}@b.co", "a\n@b.co", "a\u{200B}@b.co",
                      String(repeating: "a", count: 250) + "@b.co"])
    func rejectsInvalidEmails(email: String) {
        #expect(!FormValidators.isValidEmail(email))
    }
}
