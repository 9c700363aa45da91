import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// Arabic and Hebrew screens: reordered and shaped lines in a mirrored layout.
@Suite struct RightToLeftScreenTests {
    static let languages = ["ar", "he"]
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]
    static func screens(language: String) -> [String: ScreenStates] {
        ["picker": .invalidEmail, "wrong-password-alert": .wrongPassword,
         "phone-entry": .phoneEntry(language: language),
         "phone-verification-code": .verificationCode(language: language)]
    }

    @Test(arguments: languages, sizes)
    func screensMirrorAndReadRightToLeft(language: String, size: Size) throws {
        let strings = Strings.builtIn(language: language)
        #expect(strings.isRightToLeft)
        for (name, states) in Self.screens(language: language).sorted(by: { $0.key < $1.key }) {
            let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: strings, spinnerFrame: 3,
                                                                                 backendLabel: "local"), size: size)
            assertSnapshot(buffer, named: "rtl-\(name)-\(language)-\(size.width)x\(size.height)")
            for line in buffer.textLines() {
                #expect(TextWidth.of(line) <= size.width, "a line overflows: \(line)")
            }
        }
    }

    @Test(arguments: languages)
    func labelsAlignRightAndFocusIsMarkedOnTheRight(language: String) throws {
        let strings = Strings.builtIn(language: language)
        let buffer = AuthScreen.render(ScreenStates.signedOut.state, context: ScreenContext(strings: strings),
                                       size: Size(width: 80, height: 24))
        let lines = buffer.textLines()
        let field = try #require(lines.firstIndex { $0.hasSuffix("] ‹") }, "no focused field with its marker")
        let label = lines[field - 1]
        // The label ends where the field's bracket does: right-aligned over it.
        #expect(label.count == lines[field].count - 2)
        let footer = try #require(lines.last)
        #expect(footer.hasSuffix("Enter"), "the footer's first hint is on the right: \(footer)")
    }

    /// Typing Arabic with an email address and digits in it, then editing in logical order.
    @Test func editingMixedArabicTextMovesTheCursorLogicallyAndDrawsItVisually() throws {
        let context = ScreenContext(strings: .builtIn(language: "ar"))
        let size = Size(width: 80, height: 24)
        var states = ScreenStates.signedOut
        states.type("مرحبا user@example.com 123")
        func cursorCell() throws -> (text: String, x: Int, line: String) {
            let buffer = AuthScreen.render(states.state, context: context, size: size)
            let cursor = try #require(buffer.cursor)
            return (buffer[cursor.x, cursor.y].text, cursor.x, buffer.textLines()[cursor.y])
        }
        let typed = try cursorCell()
        #expect(typed.line.contains("[                          user@example.com 123 ﺎﺒﺣﺮﻣ] ‹"))
        #expect(typed.text == " " && typed.x == typed.line.distance(of: "123") + 3,
                "after typing, the cursor follows the last digit")

        states.send(.edited(.moveToStart))
        let start = try cursorCell()
        #expect(start.text == "ﻣ", "at the start the cursor is on the first letter, drawn rightmost")
        #expect(start.x == typed.line.distance(of: "]") - 1)

        for _ in 0..<6 { states.send(.edited(.moveRight)) }
        let address = try cursorCell()
        #expect(address.text == "u", "six steps on, the cursor is on the address's first letter")

        states.send(.edited(.moveLeft))
        states.send(.edited(.moveLeft))
        let alef = try cursorCell()
        #expect(alef.text == "ﺎ", "two steps back it is on the alef, left of the Arabic word's end")

        states.send(.edited(.deleteForward))
        let deleted = try cursorCell()
        #expect(deleted.line.contains("user@example.com 123 ﺐﺣﺮﻣ]"), "deleting the alef reshapes the word")
        #expect(deleted.text == " ")
    }
}

extension String {
    /// Columns (Characters here: the test lines are single-width) before the first occurrence of `needle`.
    fileprivate func distance(of needle: String) -> Int {
        guard let range = range(of: needle) else { return -1 }
        return self[..<range.lowerBound].count
    }
}
