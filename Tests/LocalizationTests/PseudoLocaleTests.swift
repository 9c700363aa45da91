import Testing
@testable import Localization

@Suite("PseudoLocale: the en-XA pseudo-locale")
struct PseudoLocaleTests {
    private let english = Strings.builtIn(language: "en")
    private let pseudo = Strings.builtIn(language: "en-XA")

    @Test func accentsLettersAndBracketsTheText() {
        #expect(PseudoLocale.transform("Sign in") == "⟦Šîĝñ îñ·⟧")
        #expect(PseudoLocale.transform("abcdefghijklmnopqrstuvwxyz").dropFirst().prefix(26)
                == "åƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýž")
        #expect(PseudoLocale.transform("ABCDEFGHIJKLMNOPQRSTUVWXYZ").dropFirst().prefix(26)
                == "ÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        #expect(PseudoLocale.transform("") == "⟦⟧")
    }

    @Test func keepsSpecifiersAndLineBreaks() {
        #expect(PseudoLocale.transform("To: %@\n%1$d%% %lld %2$@ %s")
                == "⟦Ţö: %@\n%1$d%% %lld %2$@ %s·········⟧")
    }

    @Test func isBuiltInLikeAnyOtherLanguage() {
        #expect(Strings.builtInLanguages.contains("en-XA"))
        #expect(pseudo.language == "en-XA")
        #expect(pseudo.warnings.isEmpty)
        #expect(pseudo.source(of: .cancel) == .builtIn(language: "en-XA"))
    }

    @Test(arguments: StringKey.allCases)
    func everyKeyIsLongerAccentedBracketedAndFormatsLikeEnglish(key: StringKey) {
        let original = english[key]
        let value = pseudo[key]
        #expect(value != original)
        #expect(value.hasPrefix("⟦") && value.hasSuffix("⟧"))
        #expect(Double(value.count) >= Double(original.count) * 1.4)
        #expect(FormatTemplate(value).signature == FormatTemplate(original).signature)
        #expect(value.filter { $0 == "\n" }.count == original.filter { $0 == "\n" }.count)
        let textOnly = FormatTemplate(value).render([])
        #expect(!textOnly.contains { $0.isASCII && $0.isLetter }, "unaccented letter in \(textOnly)")
    }
}
