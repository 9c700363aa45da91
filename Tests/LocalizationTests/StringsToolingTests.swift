import Foundation
import Testing
@testable import Localization

@Suite("Writing .strings text and measuring coverage")
struct StringsToolingTests {
    @Test func quotedTextParsesBackUnchanged() throws {
        let tricky = "Say \"hi\"\\ \n\t\r \u{1} \u{7F} é 閉じる 😀 %1$@ /* */"
        let file = StringsFileWriter.entry(key: "k \"1\"", value: tricky)
        #expect(try StringsFileParser.parse(Data(file.utf8), path: "w.strings") == ["k \"1\"": tricky])
        #expect(StringsFileWriter.quoted("a\"b\n\u{1}") == #""a\"b\n\U0001""#)
    }

    @Test func terminalControlsAreWrittenAsEscapesAndParseBack() throws {
        let hostile = "Ann\u{9B}31m\u{202E}evil\u{2066}x\u{7F}"
        let quoted = StringsFileWriter.quoted(hostile)
        #expect(quoted == #""Ann\U009B31m\U202Eevil\U2066x\U007F""#)
        #expect(!quoted.unicodeScalars.contains { $0.value >= 0x7F && $0.value <= 0x9F || $0.value == 0x202E })
        let file = StringsFileWriter.entry(key: "k", value: hostile)
        #expect(try StringsFileParser.parse(Data(file.utf8), path: "w.strings") == ["k": hostile])
    }

    @Test func commentStaysOneLineAndCannotEndEarly() throws {
        let comment = StringsFileWriter.comment("two\nlines */ \"x\"")
        #expect(comment == #"/* two\nlines *\/ \"x\" */"#)
        #expect(try StringsFileParser.parse(Data((comment + "\n\"a\" = \"b\";").utf8), path: "c.strings") == ["a": "b"])
    }

    @Test func builtInTablesAreCompleteAndClean() {
        let reports = StringsCoverage.builtIn()
        #expect(reports.map(\.language) == Strings.builtInLanguages)
        for report in reports {
            #expect(report.percentage == 100, "\(report.language): missing \(report.missing)")
            #expect(report.unknown.isEmpty && report.problems.isEmpty, "\(report.language)")
        }
    }

    @Test func bundleReportCountsTranslatedMissingUnknownAndProblems() throws {
        let reports = StringsCoverage.bundle(try StringsBundle.load(path: Fixtures.path("Bundle")))
        #expect(reports.map(\.language) == ["de", "en", "eo", "pt", "zh-TW", "de", "fr", "ru"])
        let german = try #require(reports.first)
        #expect(german.total == StringKey.allCases.count)
        #expect(german.translated == 2)
        #expect(german.missing.count == StringKey.allCases.count - 3)
        #expect(!german.missing.contains("Cancel") && !german.missing.contains("InboxTo"))
        #expect(german.unknown == ["SomethingElse"])
        #expect(german.problems == [Fixtures.path("Bundle/de.lproj/Localizable.strings")
            + ": \"InboxTo\" has %1$d but English has %1$@; using the fallback"])
    }

    @Test func emptyValuesCountAsMissingNotAsErrors() {
        let table = StringTable(name: "t", entries: ["Cancel": "", "OK": "D'accord"])
        let report = StringsCoverage.report(table, language: "fr")
        #expect(report.translated == 1)
        #expect(report.missing.contains("Cancel"))
        #expect(report.problems.isEmpty)
    }

    @Test func percentageRoundsDownSoOnlyCompleteIsHundred() {
        let almost = CoverageReport(language: "x", source: "s", total: 1000, translated: 999, missing: [],
                                    unknown: [], problems: [])
        #expect(almost.percentage == 99.9)
        let third = CoverageReport(language: "x", source: "s", total: 3, translated: 1, missing: [], unknown: [],
                                   problems: [])
        #expect(third.percentage == 33.3)
    }
}
