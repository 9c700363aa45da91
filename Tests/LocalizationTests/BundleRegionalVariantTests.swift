import Foundation
import Testing
@testable import Localization

/// Issue 32 item 2: a bundle's regional variant falls back to its base language, never the other way.
@Suite("An app's bundle: regional variants fall back to their base language")
struct BundleRegionalVariantTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("regional-\(UUID())")

    private func bundle(_ files: [String: String]) throws -> StringsBundle {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try StringsBundle.load(path: folder.path)
    }

    @Test func baseLanguageTakesNothingFromItsRegions() throws {
        let bundle = try bundle([
            "de.lproj/Localizable.strings": "\"Cancel\" = \"Lass mal\";\n",
            "de-AT.lproj/Localizable.strings": "\"Cancel\" = \"Na geh\";\n\"Enter your email\" = \"Geben Sie…\";\n",
            "de-CH.lproj/Localizable.strings": "\"Email\" = \"E-Mail (CH)\";\n",
            "en-AU.lproj/Localizable.strings": "\"Cancel\" = \"Nah\";\n",
            "en.lproj/Localizable.strings": "\"OK\" = \"Okay\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let german = Strings.load(language: "de", bundle: bundle)
        #expect(german[.cancel] == "Lass mal")
        #expect(german[.enterYourEmail] == Strings.builtIn(language: "de")[.enterYourEmail])
        #expect(german[.email] == Strings.builtIn(language: "de")[.email])
        let austrian = Strings.load(language: "de-AT", bundle: bundle)
        #expect(austrian[.cancel] == "Na geh")
        #expect(austrian[.enterYourEmail] == "Geben Sie…")
        #expect(Strings.load(language: "de-CH", bundle: bundle)[.cancel] == "Lass mal", "de-CH falls back to de")
        #expect(Strings.load(language: "en", bundle: bundle)[.cancel] == "Cancel")
        #expect(Strings.load(language: "en-GB", bundle: bundle)[.cancel] == "Cancel")
    }

    @Test func anotherVarietyServesOnlyWhenNothingMoreGeneralExists() throws {
        let bundle = try bundle(["nn-NO.lproj/Localizable.strings": "\"Cancel\" = \"Avbryt no\";\n",
                                 "zh-Hant-TW.lproj/Localizable.strings": "\"Cancel\" = \"取消 TW\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Strings.load(language: "nn", bundle: bundle)[.cancel] == "Avbryt no")
        #expect(Strings.load(language: "zh-Hant", bundle: bundle)[.cancel] == "取消 TW")
    }
}
