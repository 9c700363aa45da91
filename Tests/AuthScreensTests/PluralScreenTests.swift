import Foundation
import Localization
import Testing
import TerminalUI
@testable import AuthScreens

/// Issue 32 item 1: the resend countdown on the code screen takes the plural form of the language, from an app's
/// String Catalog, second by second.
@Suite struct PluralScreenTests {
    /// A catalog giving the countdown's forms in Russian, Arabic, Polish and Japanese.
    private static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {"ResendCodeCountdown": {"localizations": {
          "ru": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "Ещё %d секунду"}},
            "few": {"stringUnit": {"state": "translated", "value": "Ещё %d секунды"}},
            "many": {"stringUnit": {"state": "translated", "value": "Ещё %d секунд"}},
            "other": {"stringUnit": {"state": "translated", "value": "Ещё %d секунды"}}}}},
          "ar": {"variations": {"plural": {
            "zero": {"stringUnit": {"state": "translated", "value": "لا ثوانٍ"}},
            "one": {"stringUnit": {"state": "translated", "value": "بعد ثانية واحدة"}},
            "two": {"stringUnit": {"state": "translated", "value": "بعد ثانيتين"}},
            "few": {"stringUnit": {"state": "translated", "value": "بعد %d ثوانٍ"}},
            "many": {"stringUnit": {"state": "translated", "value": "بعد %d ثانية"}},
            "other": {"stringUnit": {"state": "translated", "value": "بعد %d ثانيةٍ"}}}}},
          "pl": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "Jeszcze %d sekunda"}},
            "few": {"stringUnit": {"state": "translated", "value": "Jeszcze %d sekundy"}},
            "many": {"stringUnit": {"state": "translated", "value": "Jeszcze %d sekund"}},
            "other": {"stringUnit": {"state": "translated", "value": "Jeszcze %d sekundy"}}}}},
          "ja": {"variations": {"plural": {
            "other": {"stringUnit": {"state": "translated", "value": "あと %d 秒"}}}}}
        }}}}
        """

    private static func strings(_ language: String) throws -> Strings {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("plurals-\(UUID()).xcstrings")
        try Data(catalog.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return Strings.load(language: language, bundle: try StringsBundle.load(path: file.path))
    }

    /// The screen's text with `secondsLeft` before a code can be resent.
    private static func screen(_ language: String, secondsLeft: Int) throws -> String {
        var states = ScreenStates.verificationCode(language: language)
        states.send(.clockTicked(Date(timeIntervalSince1970: 1_000 + 30 - Double(secondsLeft))))
        let buffer = AuthScreen.render(states.state, context: ScreenContext(strings: try strings(language)),
                                       size: Size(width: 80, height: 24))
        return buffer.textLines().joined(separator: "\n")
    }

    @Test(arguments: [
        ("ru", 29, "Ещё 29 секунд"), ("ru", 24, "Ещё 24 секунды"), ("ru", 21, "Ещё 21 секунду"),
        ("ru", 11, "Ещё 11 секунд"), ("ru", 2, "Ещё 2 секунды"), ("ru", 1, "Ещё 1 секунду"),
        ("pl", 29, "Jeszcze 29 sekund"), ("pl", 22, "Jeszcze 22 sekundy"), ("pl", 12, "Jeszcze 12 sekund"),
        ("pl", 1, "Jeszcze 1 sekunda"),
        ("ja", 29, "あと 29 秒"), ("ja", 1, "あと 1 秒"),
    ])
    func countdownTakesTheFormOfItsCount(language: String, secondsLeft: Int, expected: String) throws {
        #expect(try Self.screen(language, secondsLeft: secondsLeft).contains(expected))
    }

    /// Arabic is drawn right to left and shaped, with Arabic-Indic digits (issue 32 item 7), so its forms are told
    /// apart on the screen by their words: with the digits taken out, counts of one category draw the same screen and counts of different ones do not.
    @Test func arabicCountdownTakesEachForm() throws {
        let arabic = try Self.strings("ar")
        #expect(arabic.format(.resendCodeCountdown, 2) == "بعد ثانيتين")
        #expect(arabic.format(.resendCodeCountdown, 1) == "بعد ثانية واحدة")
        #expect(arabic.format(.resendCodeCountdown, 5) == "بعد ٥ ثوانٍ")
        #expect(arabic.format(.resendCodeCountdown, 11) == "بعد ١١ ثانية")
        #expect(arabic.format(.resendCodeCountdown, 100) == "بعد ١٠٠ ثانيةٍ")
        func words(_ secondsLeft: Int) throws -> String {
            try Self.screen("ar", secondsLeft: secondsLeft).filter { !$0.isNumber }
        }
        let forms = try [1, 2, 5, 11].map(words)
        #expect(Set(forms).count == 4, "one, two, few and many draw four different screens")
        #expect(try words(12) == words(11) && words(7) == words(5))
    }
}
