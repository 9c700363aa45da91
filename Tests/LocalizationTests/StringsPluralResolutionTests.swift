import Testing
@testable import Localization

@Suite("Strings: plural forms")
struct StringsPluralResolutionTests {
    private let english = StringTable(name: "en", entries: ["InboxCode": "Code: %@", "TerminalTooSmallDetail":
        "%1$d columns × %2$d rows needed"])

    private func strings(_ language: String, _ table: StringTable) -> Strings {
        Strings(language: language, preferred: [table], english: english, loadWarnings: [])
    }

    @Test func missingCategoryFallsBackToOther() {
        let polish = StringTable(name: "pl", entries: ["TerminalTooSmallDetail": "%1$d kolumn, %2$d wierszy"],
                                 plurals: ["TerminalTooSmallDetail": [.one: "jedna kolumna, %2$d wierszy",
                                                                      .other: "%1$d kolumn, %2$d wierszy"]])
        let strings = strings("pl", polish)
        #expect(strings.format(.terminalTooSmallDetail, 1, 5) == "jedna kolumna, 5 wierszy")
        #expect(strings.format(.terminalTooSmallDetail, 3, 5) == "3 kolumn, 5 wierszy")
        #expect(strings.warnings.isEmpty, "a form may leave the count out")
    }

    @Test func formWithArgumentsEnglishLacksIsRefused() {
        let broken = StringTable(name: "de", entries: ["TerminalTooSmallDetail": "%1$d × %2$d"],
                                 plurals: ["TerminalTooSmallDetail": [.one: "%1$@ Spalte", .other: "%1$d × %2$d"],
                                           "InboxCode": [.one: "%d"]])
        let strings = strings("de", broken)
        #expect(strings.format(.terminalTooSmallDetail, 1, 5) == "1 × 5")
        #expect(strings.warnings == ["de: plural form \"one\" of \"TerminalTooSmallDetail\" uses arguments the "
            + "English text lacks; using \"other\""])
    }

    @Test func englishFallbackUsesEnglishRules() {
        let russian = StringTable(name: "ru", entries: [:])
        let englishPlurals = StringTable(name: "en", entries: english.entries, plurals: [
            "TerminalTooSmallDetail": [.one: "one column (%1$d), %2$d rows", .other: "%1$d columns, %2$d rows"],
        ])
        let strings = Strings(language: "ru", preferred: [russian], english: englishPlurals, loadWarnings: [])
        #expect(strings.format(.terminalTooSmallDetail, 21, 2) == "21 columns, 2 rows")
        #expect(strings.format(.terminalTooSmallDetail, 1, 2) == "one column (1), 2 rows")
    }
}
