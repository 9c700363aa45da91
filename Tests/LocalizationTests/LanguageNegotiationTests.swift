import Testing
@testable import Localization

@Suite("LanguageNegotiation: choosing the language")
struct LanguageNegotiationTests {
    /// The built-in languages the product ships (issue 4), plus the pseudo-locale.
    private static let shipped = ["ar", "de", "en", "en-XA", "es", "fr", "hi", "id", "it", "ja", "ko", "nl", "pl",
                                  "pt-BR", "pt-PT", "ru", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant"]

    @Test(arguments: [
        // BCP 47 tags and truncation
        ("zh-Hant-TW", shipped, "zh-Hant"),
        ("zh-Hant-TW", ["en", "zh"], "zh"),
        ("zh-Hant-CN", shipped, "zh-Hant"),
        ("de-AT", shipped, "de"),
        ("es-419", shipped, "es"),
        ("en-US-u-ca-gregory", shipped, "en"),
        // Chinese regions imply a script
        ("zh_TW", shipped, "zh-Hant"),
        ("zh_HK.UTF-8", shipped, "zh-Hant"),
        ("zh-MO", shipped, "zh-Hant"),
        ("zh_CN", shipped, "zh-Hans"),
        ("zh_SG.GB2312", shipped, "zh-Hans"),
        ("zh", shipped, "zh-Hans"),
        ("zh_TW", ["en", "zh-Hans"], "en"),
        // Portuguese varieties
        ("pt-BR", shipped, "pt-BR"),
        ("pt_BR", ["en", "pt"], "pt"),
        ("pt_PT", shipped, "pt-PT"),
        ("pt", shipped, "pt-BR"),
        ("pt", ["en", "pt", "pt-BR"], "pt"),
        ("pt-AO", shipped, "pt-PT"),
        // POSIX locale names
        ("en_US.UTF-8", shipped, "en"),
        ("ja_JP.UTF-8", shipped, "ja"),
        ("sr_RS@latin", ["en", "sr"], "sr"),
        ("DE_de", shipped, "de"),
        ("C", shipped, "en"),
        ("POSIX", shipped, "en"),
        ("C.UTF-8", shipped, "en"),
        ("", shipped, "en"),
        ("tlh", shipped, "en"),
        // The pseudo-locale only by name; any variety of the same language as a last resort
        ("en-XA", shipped, "en-XA"),
        ("en-XA", ["en", "fr"], "en"),
        ("fr-CA", ["en", "en-XA", "fr-FR"], "fr-FR"),
        ("en-GB", ["en-XA", "de"], "en"),
        ("zh-Hant", ["en", "zh-Hans"], "en"),
        // Regional variants and scripts (issue 17)
        ("de_AT.UTF-8", shipped + ["de-AT", "de-CH"], "de-AT"),
        ("de_CH.UTF-8", shipped + ["de-AT", "de-CH"], "de-CH"),
        ("de_LU.UTF-8", shipped + ["de-AT", "de-CH"], "de"),
        ("en_GB.UTF-8", shipped + ["en-GB"], "en-GB"),
        // Issue 32: English outside the US follows CLDR's parent en-001, whose British-style table is en-GB
        ("en_NZ.UTF-8", shipped + ["en-GB"], "en-GB"),
        ("en-001", shipped + ["en-GB", "en-AU"], "en-GB"),
        ("en-150", shipped + ["en-GB"], "en-GB"),
        ("en_NZ.UTF-8", shipped + ["en-GB", "en-001"], "en-001"),
        ("en_AU.UTF-8", shipped + ["en-GB", "en-AU"], "en-AU"),
        ("en_US.UTF-8", shipped + ["en-GB"], "en"),
        ("en_PR", shipped + ["en-GB"], "en"),
        ("en", shipped + ["en-GB"], "en"),
        ("en-XA", shipped + ["en-GB"], "en-XA"),
        // Cantonese reads Chinese in its script, as on Apple's systems
        ("yue", shipped, "zh-Hant"),
        ("yue-Hant", shipped, "zh-Hant"),
        ("yue_HK.UTF-8", shipped, "zh-Hant"),
        ("yue-Hans", shipped, "zh-Hans"),
        ("yue-Hant", ["en", "yue-Hant"], "yue-Hant"),
        ("zh_TW.UTF-8", shipped + ["zh-Hant-TW"], "zh-Hant-TW"),
        ("zh_HK.UTF-8", shipped + ["zh-Hant-TW"], "zh-Hant"),
        ("sr_RS@latin", ["en", "sr", "sr-Latn"], "sr-Latn"),
        ("sr_RS.UTF-8", ["en", "sr", "sr-Latn"], "sr"),
        ("sr-Cyrl", ["en", "sr", "sr-Latn"], "sr"),
        ("iw_IL.UTF-8", shipped + ["he"], "he"),
        ("no_NO.UTF-8", ["en", "nb", "nn"], "nb"),
        ("nn_NO.UTF-8", ["en", "nb", "nn"], "nn"),
        ("tl_PH", ["en", "fil"], "fil"),
        ("gsw_CH", ["en", "de", "gsw"], "gsw"),
        ("ar_EG.UTF-8", shipped, "ar"),
        // Case does not matter; the available spelling is returned
        ("ZH-hant-tw", shipped, "zh-Hant"),
        ("pt-br", ["en", "PT-br"], "PT-br"),
    ])
    func choosesTheBestAvailableLanguage(requested: String, available: [String], expected: String) {
        #expect(LanguageNegotiation.choose(requested: [requested], available: available) == expected)
    }

    @Test func triesEachRequestedTagInTurnBeforeEnglish() {
        #expect(LanguageNegotiation.choose(requested: ["tlh", "C", "fr_FR.UTF-8"], available: Self.shipped) == "fr")
        #expect(LanguageNegotiation.choose(requested: ["ja", "fr"], available: Self.shipped) == "ja")
        #expect(LanguageNegotiation.choose(requested: [], available: Self.shipped) == "en")
        #expect(LanguageNegotiation.match("tlh", available: Self.shipped) == nil)
        #expect(LanguageNegotiation.match("POSIX", available: Self.shipped) == nil)
    }

    @Test func requestedOrderIsFlagThenConfigurationThenFirstLocaleVariable() {
        let environment = ["LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]
        #expect(LanguageNegotiation.requested(flag: "ja", configured: "ko", environment: environment)
                == ["ja", "ko", "de_DE.UTF-8"])
        #expect(LanguageNegotiation.requested(flag: nil, configured: nil, environment: environment) == ["de_DE.UTF-8"])
        #expect(LanguageNegotiation.requested(flag: nil, configured: "", environment: ["LANG": "pt_BR"]) == ["pt_BR"])
        #expect(LanguageNegotiation.requested(flag: nil, configured: nil,
                                              environment: ["LC_ALL": "C", "LANG": "ja_JP.UTF-8"]) == ["C"])
        #expect(LanguageNegotiation.requested(flag: nil, configured: nil, environment: [:]).isEmpty)
    }

    /// Issue 32 item 6: `LANGUAGE` as gettext reads it.
    @Test(arguments: [
        (["LANGUAGE": "xx:pt_BR:de", "LANG": "fr_FR.UTF-8"], "pt-BR"),
        (["LANGUAGE": "de:fr", "LANG": "ja_JP.UTF-8"], "de"),
        (["LANGUAGE": "xx:yy", "LANG": "ja_JP.UTF-8"], "ja"),
        (["LANGUAGE": "::sv::", "LC_MESSAGES": "ja_JP.UTF-8"], "sv"),
        (["LANGUAGE": "de", "LANG": "C"], "en"),
        (["LANGUAGE": "de", "LC_ALL": "POSIX", "LANG": "ja_JP.UTF-8"], "en"),
        (["LANGUAGE": "de", "LANG": "C.UTF-8"], "en"),
        (["LANGUAGE": "de"], "en"),
        (["LANGUAGE": "", "LANG": "ja_JP.UTF-8"], "ja"),
    ])
    func languagePriorityListAsGettextReadsIt(environment: [String: String], expected: String) {
        let requested = LanguageNegotiation.requested(flag: nil, configured: nil, environment: environment)
        #expect(LanguageNegotiation.choose(requested: requested, available: Self.shipped) == expected)
    }

    @Test func flagAndConfigurationComeBeforeLanguage() {
        let environment = ["LANGUAGE": "de:fr", "LANG": "ja_JP.UTF-8"]
        #expect(LanguageNegotiation.requested(flag: "ko", configured: "sv", environment: environment)
                == ["ko", "sv", "de", "fr", "ja_JP.UTF-8"])
    }

    @Test func lcAllOfCMeansNoLanguageEvenWhenLangHasOne() {
        let requested = LanguageNegotiation.requested(flag: nil, configured: nil,
                                                      environment: ["LC_ALL": "C", "LANG": "ja_JP.UTF-8"])
        #expect(LanguageNegotiation.choose(requested: requested, available: Self.shipped) == "en")
    }

    /// Issue 13 item 19: a strings file in a right-to-left language is drawn right to left even without a script
    /// subtag; scripts whose letters a terminal cannot join are known.
    @Test func rightToLeftLanguagesAndUnjoinedScripts() {
        for code in ["ar", "he", "fa", "ur", "ks", "pnb", "ckb", "syr", "nqo", "ff-Adlm", "ks-Arab-IN"] {
            #expect(LanguageTag(code)?.isRightToLeft == true, "\(code)")
        }
        for code in ["en", "ja", "ks-Deva", "ff", "uz-Latn"] {
            #expect(LanguageTag(code)?.isRightToLeft == false, "\(code)")
        }
        #expect(["syr", "nqo", "rhg", "ff-Adlm", "aii-Syrc"].allSatisfy { LanguageTag($0)?.lettersStayUnjoined == true })
        #expect(!["ar", "he", "dv", "ur", "ff"].contains { LanguageTag($0)?.lettersStayUnjoined == true })
    }
}
