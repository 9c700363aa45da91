import Foundation
import Testing
import StringsFormat
@testable import Localization

/// Issue 32 item 1: every text with a count takes the plural form of the language, from an app's `.stringsdict`
/// or String Catalog and from the built-in tables.
@Suite("Plural forms: .stringsdict, catalogs and the built-in tables")
struct PluralFormsTests {
    @Test func stringsdictFormsAreChosenByTheCount() throws {
        let bundle = try StringsBundle.load(path: Fixtures.path("Plurals"))
        let russian = Strings.load(language: "ru", bundle: bundle)
        #expect(russian.format(.resendCodeCountdown, 29) == "Ещё 29 секунд")
        #expect(russian.format(.resendCodeCountdown, 22) == "Ещё 22 секунды")
        #expect(russian.format(.resendCodeCountdown, 21) == "Ещё 21 секунду")
        #expect(russian.format(.resendCodeCountdown, 1) == "Ещё 1 секунду")
        #expect(russian.format(.resendCodeCountdown, 11) == "Ещё 11 секунд")
        #expect(russian[.resendCodeCountdown] == "Ещё %d секунды", "the plain text is the `other` form")
        #expect(russian.source(of: .resendCodeCountdown)
                == .custom(Fixtures.path("Plurals/ru.lproj/Localizable.stringsdict")))
    }

    /// The 1024 characters a field keeps, in the languages whose built-in text needed a form per count.
    @Test(arguments: [
        ("ru", "Сохранены только первые 1024 символа.", "Сохранён только первый 1 символ.",
         "Сохранены только первые 1000 символов."),
        ("uk", "Збережено лише перші 1024 символи.", "Збережено лише перший 1 символ.",
         "Збережено лише перші 1000 символів."),
        ("pl", "Zachowano tylko pierwsze 1024 znaki.", "Zachowano tylko pierwszy 1 znak.",
         "Zachowano tylko pierwsze 1000 znaków."),
        ("hr", "Zadržana su samo prva 1024 znaka.", "Zadržan je samo prvi 1 znak.",
         "Zadržano je samo prvih 1000 znakova."),
        ("sr", "Задржана су само прва 1024 знака.", "Задржан је само први 1 знак.",
         "Задржано је само првих 1000 знакова."),
        ("sr-Latn", "Zadržana su samo prva 1024 znaka.", "Zadržan je samo prvi 1 znak.",
         "Zadržano je samo prvih 1000 znakova."),
        ("ro", "Au fost păstrate doar primele 1024 de caractere.", "A fost păstrat doar primul 1 caracter.",
         "Au fost păstrate doar primele 1000 de caractere."),
    ])
    func builtInTablesHaveAFormPerCount(language: String, kept1024: String, kept1: String, kept1000: String) {
        let strings = Strings.builtIn(language: language)
        #expect(strings.format(.fieldTooLong, 1024) == kept1024)
        #expect(strings.format(.fieldTooLong, 1) == kept1)
        #expect(strings.format(.fieldTooLong, 1000) == kept1000)
        #expect(strings.warnings.isEmpty)
    }

    @Test func romanianNeedsDeFromTwenty() {
        let romanian = Strings.builtIn(language: "ro")
        #expect(romanian.format(.fieldTooLong, 19) == "Au fost păstrate doar primele 19 caractere.")
        #expect(romanian.format(.fieldTooLong, 20) == "Au fost păstrate doar primele 20 de caractere.")
    }

    @Test func everyBuiltInPluralHasTheCategoriesItsLanguageNeeds() {
        for report in StringsCoverage.builtIn() {
            #expect(report.problems.isEmpty, "\(report.language): \(report.problems)")
        }
        for language in ["ru", "uk", "pl", "hr", "sr", "sr-Latn", "ro"] {
            #expect(BuiltinTables.table(language: language)?.plurals["FieldTooLong"] != nil, "\(language)")
        }
    }

    @Test func checkReportsAPluralThatLacksACategoryCLDRRequires() {
        let table = StringTable(name: "ru.stringsdict", entries: ["ResendCodeCountdown": "Ещё %d секунды"],
                                plurals: ["ResendCodeCountdown": [.one: "Ещё %d секунду", .other: "Ещё %d секунды"]])
        let report = StringsCoverage.report(table, language: "ru")
        #expect(report.problems == ["ru.stringsdict: plural \"ResendCodeCountdown\" lacks \"few\", \"many\", "
            + "which ru needs"])
        let japanese = StringTable(name: "ja", entries: ["ResendCodeCountdown": "%d 秒"],
                                   plurals: ["ResendCodeCountdown": [.other: "%d 秒"]])
        #expect(StringsCoverage.report(japanese, language: "ja").problems.isEmpty)
        #expect(PluralRules.requiredCategories(language: "ar") == Set(PluralCategory.allCases))
        #expect(PluralRules.requiredCategories(language: "ja") == [.other])
        #expect(PluralRules.requiredCategories(language: "pl") == [.one, .few, .many, .other])
    }

    @Test func stringsdictWithTextAroundTheVariableAndASecondVariable() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>K</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@cols@ × %#@rows@</string>
            <key>cols</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>one</key><string>%d column</string><key>other</key><string>%d columns</string></dict>
            <key>rows</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>one</key><string>%d row</string><key>other</key><string>%d rows</string></dict>
            </dict></dict></plist>
            """
        let forms = try StringsDictParser.parse(Data(plist.utf8), path: "x.stringsdict")
        #expect(forms == ["K": [.one: "%d column × %d rows", .other: "%d columns × %d rows"]])
        #expect(throws: StringsParseError.self) { try StringsDictParser.parse(Data("nope".utf8), path: "x") }
    }
}
