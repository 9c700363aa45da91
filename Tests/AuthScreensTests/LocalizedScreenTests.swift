import AuthFlow
import Localization
import Testing
import TerminalUI
import TestSupport
@testable import AuthScreens

/// The picker and a form in scripts that stress layout: Japanese, Korean (wrapped by word) and Traditional Chinese
/// (two columns per character) and the en-XA pseudo-locale (accented and about 40 % longer).
@Suite struct LocalizedScreenTests {
    static let languages = ["ja", "ko", "zh-Hant", "en-XA"]
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12)]
    static let screens: [String: ScreenStates] = [
        "picker": .invalidEmail,
        "sign-up": .signUpWithMismatch,
        "phone-verification-code": .verificationCode,
        "phone-first-factor-refused-alert": .phoneFirstFactorRefused,
        "picker-busy": .signingIn,
    ]

    @Test(arguments: languages, sizes)
    func screensLayOutInEveryScript(language: String, size: Size) throws {
        let strings = Strings.builtIn(language: language)
        #expect(strings.language == language)
        for (name, states) in Self.screens.sorted(by: { $0.key < $1.key }) {
            let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: strings, spinnerFrame: 3,
                                                                                 backendLabel: "local"), size: size)
            assertSnapshot(buffer, named: "\(name)-\(language)-\(size.width)x\(size.height)")
            for line in buffer.textLines() {
                #expect(TextWidth.of(line) <= size.width, "a line overflows: \(line)")
            }
            // Regression (issue 13 item 11): the busy box's frame cut a Japanese character in half.
            #expect(buffer.splitWideCells.isEmpty, "\(name): wide characters cut at \(buffer.splitWideCells)")
        }
    }

    @Test(arguments: ["ja", "zh-Hant"])
    func noEnglishIsLeftOnTheScreen(language: String) {
        let english = Strings.builtIn(language: "en")
        let strings = Strings.builtIn(language: language)
        let buffer = AuthScreen.render(ScreenStates.invalidEmail.state, context: ScreenContext(strings: strings),
                                       size: Size(width: 80, height: 24))
        let screen = buffer.textLines().joined(separator: "\n")
        for key in [StringKey.signInWithFirebase, .email, .password, .troubleSigningIn, .signInWithEmail,
                    .emailValidation, .hintNext, .hintQuit] {
            #expect(!screen.contains(english[key]), "\(key) is still English")
            // Long messages wrap and the footer may drop its last hint, so only short texts are looked for whole.
            if ![StringKey.emailValidation, .hintQuit].contains(key) {
                #expect(screen.contains(strings[key]), "\(key) is missing")
            }
        }
    }

    @Test func theCursorStaysOnTheRightCellAfterWideCharacters() throws {
        var states = ScreenStates.signedOut
        states.type("日本語")
        let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: .builtIn(language: "ja")),
                                       size: Size(width: 80, height: 24))
        let cursor = try #require(buffer.cursor)
        let bracket = try #require((0..<buffer.size.width).first { buffer[$0, cursor.y].text == "[" })
        #expect(cursor.x == bracket + 1 + 6)
        #expect(buffer[bracket + 1, cursor.y].text == "日" && buffer[bracket + 2, cursor.y].isContinuation)
    }
}
