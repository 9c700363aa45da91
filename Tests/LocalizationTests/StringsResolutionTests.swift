import Testing
@testable import Localization

@Suite("Strings: fallback chain and refused translations")
struct StringsResolutionTests {
    private let english = StringTable(name: "en", entries: [
        "Sign in with Firebase": "Sign in with Firebase",
        "Cancel": "Cancel",
        "InboxTo": "To: %@",
        "TermsOfServiceMessage": "By continuing, you accept our %@ and %@.",
        "TerminalTooSmallDetail": "%1$d columns × %2$d rows needed",
    ])
    private let german = StringTable(name: "de", entries: [
        "Sign in with Firebase": "Mit Firebase anmelden",
        "Cancel": "Abbrechen",
        "InboxTo": "An: %@",
    ])

    private func strings(_ preferred: [StringTable]) -> Strings {
        Strings(language: "de", preferred: preferred, english: english, loadWarnings: [])
    }

    @Test func resolvesOverrideThenLanguageThenEnglishThenKey() {
        let override = StringTable(name: "app", entries: ["Sign in with Firebase": "Willkommen"])
        let strings = strings([override, german])
        #expect(strings[.signInWithFirebase] == "Willkommen")
        #expect(strings[.cancel] == "Abbrechen")
        #expect(strings[.terminalTooSmallDetail] == "%1$d columns × %2$d rows needed")
        #expect(strings[.inboxTitle] == "InboxTitle")
        #expect(strings[.authenticating] == "Authenticating...")
        #expect(strings.warnings.isEmpty)
    }

    @Test func newerOverridesWinAndUnknownKeysAreIgnored() {
        let strings = strings([german])
            .overriding(with: ["Cancel": "Zurück", "NotOurKey": "x"], source: "first")
            .overriding(with: ["Cancel": "Lieber nicht"], source: "second")
        #expect(strings[.cancel] == "Lieber nicht")
        #expect(strings[.signInWithFirebase] == "Mit Firebase anmelden")
        #expect(strings.warnings.isEmpty)
    }

    @Test func translationWithOtherSpecifiersIsRefusedWithAWarning() {
        let broken = StringTable(name: "de", entries: ["InboxTo": "An: %d", "TermsOfServiceMessage": "Nur %@."])
        let strings = strings([broken])
        #expect(strings[.inboxTo] == "To: %@")
        #expect(strings[.termsOfServiceMessage] == "By continuing, you accept our %@ and %@.")
        #expect(strings.warnings.count == 2)
        #expect(strings.warnings.contains("de: \"InboxTo\" has %1$d but English has %1$@; using the fallback"))
        #expect(strings.format(.inboxTo, "ada@example.com") == "To: ada@example.com")
    }

    @Test func refusedOverrideFallsBackToTheLanguageTable() {
        let strings = strings([german]).overriding(with: ["InboxTo": "Für %@ und %@"], source: "app.strings")
        #expect(strings[.inboxTo] == "An: %@")
        #expect(strings.warnings.count == 1)
        #expect(strings.warnings.first?.hasPrefix("app.strings: \"InboxTo\"") == true)
    }

    @Test func reorderedPositionalTranslationIsAccepted() {
        let reordered = StringTable(name: "de", entries: [
            "TermsOfServiceMessage": "Es gelten %2$@ und %1$@.",
            "TerminalTooSmallDetail": "%2$d Zeilen × %1$d Spalten nötig",
        ])
        let strings = strings([reordered])
        #expect(strings.warnings.isEmpty)
        #expect(strings.format(.termsOfServiceMessage, "AGB", "Datenschutz") == "Es gelten Datenschutz und AGB.")
        #expect(strings.format(.terminalTooSmallDetail, 80, 24) == "24 Zeilen × 80 Spalten nötig")
    }

    @Test func emptyTranslationIsRefused() {
        let strings = strings([german]).overriding(with: ["Cancel": ""], source: "app")
        #expect(strings[.cancel] == "Abbrechen")
        #expect(strings.warnings == ["app: \"Cancel\" is empty; using the fallback"])
    }

    @Test func keyWithoutEnglishIsCheckedAgainstTheKeyItself() {
        let german = StringTable(name: "de", entries: ["InboxTitle": "Posteingang %@", "InboxEmpty": "Leer"])
        let strings = strings([german])
        #expect(strings[.inboxTitle] == "InboxTitle")
        #expect(strings[.inboxEmpty] == "Leer")
        #expect(strings.warnings.count == 1)
    }

    @Test func formatArrayFormMatchesVariadicForm() {
        let strings = strings([])
        #expect(strings.format(.terminalTooSmallDetail, arguments: [.int(80), .int(24)])
                == strings.format(.terminalTooSmallDetail, 80, 24))
        #expect(strings.format(.inboxTo) == "To: ")
    }
}
