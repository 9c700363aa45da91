import Foundation
import StringsFormat
import Testing
@testable import Localization

@Suite("StringsBundle: loading an app's strings")
struct StringsBundleTests {
    private func bundle(_ name: String) throws -> StringsBundle {
        try StringsBundle.load(path: Fixtures.path(name))
    }

    @Test func folderOfLprojFoldersAndCatalogLoadsEveryLanguage() throws {
        let bundle = try bundle("Bundle")
        #expect(bundle.languages == ["de", "en", "eo", "fr", "pt", "ru", "zh-TW"], "Base.lproj is skipped")
        #expect(bundle.universal.isEmpty)
        #expect(bundle.path == Fixtures.path("Bundle"))
    }

    @Test func lprojTablesComeBeforeCatalogTablesOfTheSameLanguage() throws {
        let tables = try bundle("Bundle").tables(for: "de")
        #expect(tables.map(\.name) == [Fixtures.path("Bundle/de.lproj/Localizable.strings"),
                                       Fixtures.path("Bundle/Localizable.xcstrings") + " [de]"])
        #expect(tables[0].entries["Cancel"] == "Lieber nicht")
        #expect(tables[1].entries["Cancel"] == "Abbrechen (Katalog)")
        #expect(tables.allSatisfy { $0.builtInLanguage == nil })
    }

    @Test func bundleLanguagesServeTheLanguagesNegotiationWouldPickForThem() throws {
        let bundle = try bundle("Bundle")
        func names(_ language: String) -> [String] {
            bundle.tables(for: language).map { URL(fileURLWithPath: $0.name).deletingLastPathComponent().lastPathComponent }
        }
        #expect(names("zh-Hant") == ["zh_TW.lproj"])
        #expect(names("zh-Hans").isEmpty)
        #expect(names("pt-BR") == ["pt.lproj"])
        #expect(names("pt-PT") == ["pt.lproj"])
        #expect(names("ja").isEmpty)
        #expect(names("en") == ["en.lproj"])
        #expect(bundle.tables(for: "ru").first?.plurals["TerminalTooSmallDetail"]?.count == 4)
    }

    @Test func pseudoLocaleUsesTheEnglishTablesPseudoLocalized() throws {
        let tables = try bundle("Bundle").tables(for: "en-XA")
        #expect(tables.count == 1)
        #expect(tables.first?.entries["Sign in with Firebase"] == PseudoLocale.transform("Welcome back!"))
    }

    @Test func loneStringsFileOverridesEveryLanguage() throws {
        let bundle = try bundle("Overrides.strings")
        #expect(bundle.languages.isEmpty)
        #expect(!bundle.universal.isEmpty)
        for language in ["en", "de", "ja", "zh-Hant"] {
            #expect(bundle.tables(for: language).first?.entries["Cancel"] == "Never mind")
        }
    }

    @Test func catalogFileAloneGivesItsLanguages() throws {
        let bundle = try bundle("Bundle/Localizable.xcstrings")
        #expect(bundle.languages == ["de", "fr", "ru"])
        #expect(bundle.tables(for: "fr").first?.entries == ["Cancel": "Annuler"])
    }

    @Test func lprojFolderItselfCountsAsItsLanguage() throws {
        let bundle = try bundle("Bundle/zh_TW.lproj")
        #expect(bundle.languages == ["zh-TW"])
        #expect(bundle.universal.isEmpty)
    }

    @Test func parseErrorNamesTheFileLineAndColumn() {
        let file = Fixtures.path("Broken/de.lproj/Localizable.strings")
        #expect(throws: StringsBundleError.malformed(StringsParseError(
            path: file, line: 2, column: 19, message: "expected ';' after the value"))) {
            try bundle("Broken")
        }
        let error = StringsBundleError.malformed(StringsParseError(path: "x.strings", line: 2, column: 19,
                                                                   message: "expected ';' after the value"))
        #expect(error.description == "x.strings:2:19: expected ';' after the value")
    }

    @Test func unusablePathsAreExplained() throws {
        #expect(throws: StringsBundleError.unusable(path: "/nonexistent/x.strings", reason: "no such file or folder")) {
            try StringsBundle.load(path: "/nonexistent/x.strings")
        }
        #expect(throws: StringsBundleError.unusable(
            path: Fixtures.path("../Fixtures.swift"),
            reason: "expected a .strings file, a .xcstrings file or a folder of .lproj folders")) {
            try StringsBundle.load(path: Fixtures.path("../Fixtures.swift"))
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-bundle-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: StringsBundleError.unusable(path: empty.path, reason: "no <lang>.lproj/Localizable.strings "
            + "(or FirebaseAuthUI.strings), Localizable.xcstrings or Localizable.strings inside")) {
            try StringsBundle.load(path: empty.path)
        }
    }
}
