import Testing
@testable import Localization

@Suite("Strings with an app's bundle: the fallback chain")
struct CustomBundleFallbackTests {
    private let bundle: StringsBundle

    init() throws {
        bundle = try StringsBundle.load(path: Fixtures.path("Bundle"))
    }

    private func strings(_ language: String) -> Strings { Strings.load(language: language, bundle: bundle) }

    @Test func chosenLanguageTakesBundleLprojThenBundleCatalogThenBuiltInThenEnglish() {
        let german = strings("de")
        let builtIn = Strings.builtIn(language: "de")
        #expect(german.language == "de")
        #expect(german[.signInWithFirebase] == "Willkommen zurück!")
        #expect(german.source(of: .signInWithFirebase) == .custom(Fixtures.path("Bundle/de.lproj/Localizable.strings")))
        #expect(german[.cancel] == "Lieber nicht", "the .lproj file wins over the catalog")
        #expect(german[.email] == "E-Mail-Adresse")
        #expect(german.source(of: .email) == .custom(Fixtures.path("Bundle/Localizable.xcstrings") + " [de]"))
        #expect(german[.password] == builtIn[.password], "keys the bundle lacks come from the built-in table")
        #expect([.builtIn(language: "de"), .englishFallback].contains(german.source(of: .password)))
    }

    @Test func refusedBundleValueFallsBackWithAWarning() {
        let german = strings("de")
        #expect(german[.inboxTo] == Strings.builtIn(language: "de")[.inboxTo])
        #expect(german.warnings.contains(Fixtures.path("Bundle/de.lproj/Localizable.strings")
            + ": \"InboxTo\" has %1$d but English has %1$@; using the fallback"))
    }

    @Test func otherLanguagesOfTheBundleDoNotLeakIntoTheChosenOne() {
        let french = strings("fr")
        #expect(french[.cancel] == "Annuler")
        #expect(french[.signInWithFirebase] == Strings.builtIn(language: "fr")[.signInWithFirebase],
                "en.lproj in the bundle does not override French")
        let russian = strings("ru")
        for key in StringKey.allCases where key != .terminalTooSmallDetail {
            #expect(russian[key] == Strings.builtIn(language: "ru")[key])
        }
    }

    @Test func bundleFoldersServeNegotiatedLanguages() {
        #expect(strings("zh-Hant")[.cancel] == "取消")
        #expect(strings("zh-Hans")[.cancel] == Strings.builtIn(language: "zh-Hans")[.cancel])
        #expect(strings("pt-BR")[.cancel] == "Cancelar")
    }

    @Test func englishAndThePseudoLocaleUseTheEnglishOverride() {
        #expect(strings("en")[.signInWithFirebase] == "Welcome back!")
        #expect(strings("en")[.cancel] == "Cancel")
        #expect(strings("en-XA")[.signInWithFirebase] == PseudoLocale.transform("Welcome back!"))
        #expect(strings("en-XA")[.cancel] == PseudoLocale.transform("Cancel"))
    }

    @Test func languageOnlyTheBundleHasIsUsedWithEnglishForTheRest() {
        let esperanto = strings("eo")
        #expect(esperanto.language == "eo")
        #expect(esperanto[.cancel] == "Nuligi")
        #expect(esperanto[.password] == "Password")
        #expect(esperanto.source(of: .password) == .englishFallback)
        #expect(esperanto.warnings.isEmpty)
    }

    @Test func loneStringsFileOverridesTheChosenLanguageWhateverItIs() throws {
        let overrides = try StringsBundle.load(path: Fixtures.path("Overrides.strings"))
        for language in ["en", "de", "ja"] {
            let strings = Strings.load(language: language, bundle: overrides)
            #expect(strings[.signInWithFirebase] == "Welcome back!")
            #expect(strings[.password] == Strings.builtIn(language: language)[.password])
        }
    }

    @Test func unknownLanguageIsEnglishWithTheEnglishOverrides() {
        let klingon = strings("tlh")
        #expect(klingon.language == "en")
        #expect(klingon[.signInWithFirebase] == "Welcome back!")
        #expect(klingon.warnings.contains("no built-in strings for language 'tlh'; using English"))
    }

    @Test func sourcesOfBuiltInText() {
        #expect(Strings.builtIn(language: "en").source(of: .cancel) == .builtIn(language: "en"))
        #expect(strings("eo").source(of: .cancel).description == "custom " + Fixtures.path("Bundle/eo.lproj/Localizable.strings"))
        #expect(StringSource.builtIn(language: "de").description == "built-in de")
        #expect(StringSource.englishFallback.description == "built-in en (fallback)")
        #expect(StringSource.key.description == "key (no text)")
    }

    @Test func pluralFormsFollowTheRulesOfTheChosenLanguage() {
        let russian = strings("ru")
        #expect(russian.format(.terminalTooSmallDetail, 81, 24) == "нужна 81 колонка × 24 строк")
        #expect(russian.format(.terminalTooSmallDetail, 82, 24) == "нужны 82 колонки × 24 строк")
        #expect(russian.format(.terminalTooSmallDetail, 80, 24) == "нужно 80 колонок × 24 строк")
        #expect(russian[.terminalTooSmallDetail] == "нужно %1$d колонки × %2$d строк", "plain value is `other`")
        let english = Strings.builtIn(language: "en")
        #expect(english.format(.terminalTooSmallDetail, 80, 24) == "80 columns × 24 rows needed",
                "a key without plural forms uses its plain text")
    }
}
