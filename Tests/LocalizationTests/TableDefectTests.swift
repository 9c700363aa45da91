import BuiltinResources
import Foundation
import Testing
@testable import Localization

/// One spelling, one register and one set of punctuation marks per built-in table (issue 32 item 8).
@Suite("Built-in tables keep to their own conventions")
struct TableDefectTests {
    /// Every key's text as the language shows it, its regional overrides and base table resolved.
    private func shown(_ language: String) -> [(key: StringKey, text: String)] {
        let strings = Strings.builtIn(language: language)
        return StringKey.allCases.map { ($0, strings[$0]) }
    }

    private func keys(_ language: String, where test: (String) -> Bool) -> [String] {
        shown(language).filter { test($0.text) }.map(\.key.rawValue)
    }

    @Test func swissGermanNeverShowsSharpS() {
        #expect(keys("de-CH") { $0.contains("ß") } == [])
    }

    @Test func swissGermanSaysDasEMail() {
        // One message: "das E-Mail" (not "E-Mail-Adresse", not plural "E-Mails").
        #expect(keys("de-CH") { $0.contains(/\b(der|die) E-Mail(?![-\w])/) } == [])
    }

    /// UIKit FirebaseUI's German table, which apps already show, says "Sie"; so does ours throughout.
    @Test func germanAddressesTheUserAsSie() throws {
        let firebaseUI = try String(contentsOfFile: Fixtures.path("FirebaseUI/UIKit/de.lproj/FirebaseAuthUI.strings"),
                                    encoding: .utf8)
        #expect(firebaseUI.contains(" Sie "))
        let du = /\b(du|dich|dir|dein\w*|Gib|gib|Füge|Starte|prüfe|drücke|Stelle|verschiebe|Warte)\b/
        for language in ["de", "de-AT", "de-CH"] {
            #expect(keys(language) { $0.contains(du) } == [], "\(language)")
        }
    }

    @Test func simplifiedChineseSpellsAccountOneWay() {
        #expect(keys("zh-Hans") { $0.contains("帐") } == [])
        #expect(keys("zh-Hans") { $0.contains("账号") }.count > 30)
    }

    @Test func lingalaKeepsTheSpellingsItsHeaderNames() {
        let variants = ["kɔ́ntɛ", "Kɔ́ntɛ", "sekɛlɛ", "imeli", "imɛli", "Imɛli", "kodi", "Kodi", "kokota ", "Kota ",
                        "compte", "mot de passe"]
        for variant in variants {
            #expect(keys("ln") { $0.contains(variant) } == [], "\(variant)")
        }
    }

    /// The header's orthography writes ɛ and ɔ without tone marks; only French words, spelled as French spells
    /// them, keep their accents.
    @Test func lingalaWritesNoToneMarks() {
        let french: Set<String> = ["données", "identité", "émulateur", "Émulateur", "mémoire", "boîte", "clé",
                                   "paramètres"]
        let marked = keys("ln") { text in
            text.split { !$0.isLetter }.contains { word in
                !french.contains(String(word)) && String(word).decomposedStringWithCanonicalMapping.unicodeScalars
                    .contains { (0x300...0x30C).contains($0.value) }
            }
        }
        #expect(marked == [])
    }

    @Test func japaneseUsesFullWidthPunctuationAndOneEllipsis() {
        #expect(keys("ja") { $0.contains("...") || $0.contains("?") || $0.contains("(") || $0.contains(")") } == [])
    }

    /// French puts a no-break space before ? ! : ; and inside « », so a wrap never strands the mark.
    @Test func frenchSpacesHighPunctuationWithNoBreakSpaces() {
        #expect(keys("fr") { $0.contains(/\ [?!:;»]|«\ /) } == [])
        #expect(Strings.builtIn(language: "fr")[.quitLosesTypedInputTitle] == "Quitter\u{a0}?")
    }

    @Test(arguments: [("en", "Terms of Service: https://x.test/tos"), ("fr", "Conditions d'utilisation\u{a0}: https://x.test/tos"),
                      ("ja", "利用規約：https://x.test/tos")])
    func aLabelledAddressUsesTheLanguagesColon(language: String, line: String) {
        let strings = Strings.builtIn(language: language)
        #expect(strings.format(.labeledAddress, .string(strings[.termsOfService]), .string("https://x.test/tos"))
                == line)
    }
}
