import Foundation
import Testing
@testable import Localization

@Suite("Regional variants over their base language, and honest coverage")
struct RegionalVariantTests {
    @Test(arguments: [
        ("de-AT", ["de-AT", "de"]), ("de-CH", ["de-CH", "de"]), ("en-GB", ["en-GB", "en"]),
        ("fr-CH", ["fr-CH", "fr"]), ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant"]), ("sr-Latn", ["sr-Latn"]),
        ("sr", ["sr"]), ("de", ["de"]), ("en-XA", ["en-XA"]), ("pt-BR", ["pt-BR", "pt"]),
    ])
    func aVariantFallsBackToItsBaseLanguage(language: String, chain: [String]) {
        #expect(BuiltinTables.chainCodes(for: language) == chain)
    }

    @Test func aBuiltInLanguageIsItsOwnWholeChain() {
        #expect(BuiltinTables.chain(language: "de").map(\.name) == ["Localizable/de.lproj/Localizable.strings"])
        #expect(BuiltinTables.chain(language: "tlh").isEmpty)
    }

    @Test func aVariantTableCountsWithItsBaseLanguage() throws {
        let german = try #require(BuiltinTables.table(language: "de"))
        let austrian = StringTable(name: "de-AT", entries: ["Sign up": "Registrieren (AT)"], builtInLanguage: "de-AT")
        let report = StringsCoverage.report(austrian, inheriting: [german], language: "de-AT")
        #expect(report.translated == report.total)
        #expect(report.missing.isEmpty)
        let alone = StringsCoverage.report(austrian, language: "de-AT")
        #expect(alone.translated == 1)
    }

    @Test func aSmallCustomEnglishFileReportsOnlyWhatItHas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cover-\(UUID().uuidString)")
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"Sign up\" = \"Join\";\n\"Cancel\" = \"Never mind\";\n".utf8)
            .write(to: lproj.appendingPathComponent("Localizable.strings"))
        let report = try #require(StringsCoverage.bundle(try StringsBundle.load(path: folder.path)).first)
        #expect(report.language == "en")
        #expect(report.translated == 2)
        #expect(report.missing.count == report.total - 2)
        #expect(report.percentage < 2)
    }
}
