import BuiltinResources
import Foundation
import Testing
@testable import Localization

@Suite("Built-in string tables")
struct BuiltinStringsTests {
    private func englishTable() throws -> [String: String] {
        let data = Data(try #require(BuiltinResources.stringsFile(language: "en")))
        return try StringsFileParser.parse(data, path: "Localizable/en.lproj/Localizable.strings")
    }

    @Test func everyStringKeyHasEnglishText() throws {
        let table = try englishTable()
        let missing = StringKey.allCases.filter { table[$0.rawValue, default: ""].isEmpty }
        #expect(missing.isEmpty, "no English text for: \(missing.map(\.rawValue))")
    }

    @Test func everyEnglishEntryIsAStringKey() throws {
        let stray = try englishTable().keys.filter { StringKey(rawValue: $0) == nil }.sorted()
        #expect(stray.isEmpty, "keys in en.lproj that no StringKey uses: \(stray)")
    }

    /// Built-in tables skip the check an app's tables get at load time (issue 12), so it is made here.
    @Test(arguments: BuiltinResources.languages)
    func everyBuiltInTableIsUTF8WithoutAByteOrderMark(language: String) throws {
        let bytes = try #require(BuiltinResources.stringsFile(language: language))
        #expect(String(validating: bytes, as: UTF8.self) != nil)
        #expect(!bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    @Test(arguments: BuiltinResources.languages)
    func everyBuiltInLanguageLoadsWithoutWarnings(language: String) {
        let strings = Strings.builtIn(language: language)
        #expect(strings.language == language)
        #expect(strings.warnings.isEmpty, "\(strings.warnings)")
    }

    @Test(arguments: ["ja", "zh-Hans", "zh-Hant"])
    func chineseAndJapaneseUseFullWidthColons(language: String) throws {
        let data = Data(try #require(BuiltinResources.stringsFile(language: language)))
        let table = try StringsFileParser.parse(data, path: language)
        // ":memory:" is a literal value of --store, not punctuation.
        let halfWidth = table.filter { $0.value.replacingOccurrences(of: ":memory:", with: "").contains(": ") }
            .keys.sorted()
        #expect(halfWidth.isEmpty, "ASCII colons in \(language): \(halfWidth)")
    }

    @Test func englishIsBuiltInAndUsesItsOwnText() {
        #expect(BuiltinResources.languages.contains("en"))
        let strings = Strings.builtIn(language: "en")
        #expect(strings[.login] == "Sign in")
        #expect(strings.format(.terminalTooSmallDetail, 80, 24) == "80 columns × 24 rows needed")
        #expect(strings.format(.termsOfServiceMessage, "Terms of Service", "Privacy Policy")
                == "By continuing, you are indicating that you accept our Terms of Service and Privacy Policy.")
    }

    @Test func unknownLanguageFallsBackToEnglishWithAWarning() {
        let strings = Strings.builtIn(language: "tlh")
        #expect(strings.language == "en")
        #expect(strings[.cancel] == "Cancel")
        #expect(strings.warnings == ["no built-in strings for language 'tlh'; using English"])
    }

    @Test func firebaseUIStyleOverrideAppliesToBuiltInStrings() {
        let strings = Strings.builtIn(language: "en")
            .overriding(with: ["Sign in with Firebase": "Custom Sign In Title", "Enter your email": "Custom Email"])
        #expect(strings[.signInWithFirebase] == "Custom Sign In Title")
        #expect(strings[.enterYourEmail] == "Custom Email")
        #expect(strings[.enterYourPassword] == "Enter your password")
        #expect(strings[.invalidEmail] == "That email address isn't correct.")
    }
}
