import Foundation
import Testing
@testable import AuthCore

@Suite struct CountryCatalogTests {
    @Test func listsEveryCallingCodeCountryOnceSortedByEnglishName() throws {
        let all = CountryCatalog.all
        #expect(all.count >= 240)
        #expect(Set(all.map(\.isoCode)).count == all.count)
        #expect(Set(all.map(\.englishName)).count == all.count)
        for country in all {
            #expect(try #/[A-Z]{2}/#.wholeMatch(in: country.isoCode) != nil, "\(country.isoCode)")
            #expect(try #/\+[1-9][0-9]{0,3}/#.wholeMatch(in: country.dialCode) != nil, "\(country.isoCode)")
        }
        let dialCodes = Set(all.map(\.dialCode))
        for code in dialCodes {  // E.164 calling codes are prefix-free: no code starts another.
            #expect(!dialCodes.contains { $0 != code && $0.hasPrefix(code) }, "\(code)")
        }
        let keys = all.map { $0.englishName.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        for (earlier, later) in zip(keys, keys.dropFirst()) {
            #expect(earlier < later, "\(earlier) sorts before \(later)")
        }
    }

    @Test(arguments: [
        ("JP", "+81"), ("GB", "+44"), ("IN", "+91"), ("NG", "+234"), ("BR", "+55"), ("DE", "+49"), ("US", "+1"),
        ("CA", "+1"), ("JM", "+1"), ("PR", "+1"), ("KZ", "+7"), ("RU", "+7"), ("XK", "+383"), ("FO", "+298"),
        ("GL", "+299"), ("TW", "+886"), ("HK", "+852"), ("MO", "+853"), ("PS", "+970"), ("SS", "+211"),
        ("CW", "+599"), ("BQ", "+599"), ("FR", "+33"), ("CN", "+86"), ("AU", "+61"), ("ZA", "+27"), ("EG", "+20"),
        ("MX", "+52"), ("IT", "+39"), ("VA", "+39"), ("AC", "+247"), ("TA", "+290"), ("IM", "+44"), ("AX", "+358"),
    ])
    func knowsTheCallingCode(isoCode: String, dialCode: String) {
        #expect(CountryCatalog.country(isoCode: isoCode)?.dialCode == dialCode)
    }

    @Test func looksUpIsoCodesInAnyCase() {
        #expect(CountryCatalog.country(isoCode: "jp")?.englishName == "Japan")
        #expect(CountryCatalog.country(isoCode: " xk ")?.englishName == "Kosovo")
        #expect(CountryCatalog.country(isoCode: "ZZ") == nil)
        #expect(CountryCatalog.country(isoCode: "") == nil)
    }

    @Test func defaultsToTheConfiguredRegionThenTheLocaleThenTheUnitedStates() {
        let german = Locale(identifier: "de_DE")
        let worldEnglish = Locale(identifier: "en_001")
        #expect(CountryCatalog.defaultCountry(regionCode: "jp", locale: german).isoCode == "JP")
        #expect(CountryCatalog.defaultCountry(regionCode: nil, locale: german).isoCode == "DE")
        #expect(CountryCatalog.defaultCountry(regionCode: "ZZ", locale: german).isoCode == "DE")
        #expect(CountryCatalog.defaultCountry(regionCode: nil, locale: worldEnglish).isoCode == "US")
        #expect(CountryCatalog.defaultCountry(regionCode: nil, locale: Locale(identifier: "fr")).isoCode == "US")
    }
}

@Suite struct CountrySearchTests {
    private func codes(_ query: String, language: String = "en") -> [String] {
        CountryCatalog.search(query, language: language).map(\.isoCode)
    }

    @Test func findsAnIsoCodeExactlyAndFirst() {
        #expect(codes("jp") == ["JP"])
        #expect(codes("JP") == ["JP"])
        let georgia = codes("ge")
        #expect(georgia.first == "GE")
        #expect(georgia.contains("DE"))  // Germany by name prefix
    }

    @Test func findsNamesInEnglishAndInTheGivenLanguage() {
        #expect(codes("japan") == ["JP"])
        #expect(codes("Japan", language: "ja") == ["JP"])
        #expect(codes("日本", language: "ja").first == "JP")
        #expect(codes("deutschland", language: "de") == ["DE"])
        #expect(codes("deutschland").isEmpty)
        #expect(codes("台灣", language: "zh-Hant").first == "TW")
    }

    @Test func ranksExactNamesThenPrefixesThenSubstrings() {
        #expect(codes("guinea") == ["GN", "GW", "GQ", "PG"])
        #expect(codes("sudan") == ["SD", "SS"])
        #expect(codes("oman").prefix(2) == ["OM", "RO"])
    }

    @Test func matchesCallingCodesWithOrWithoutThePlusSign() {
        let withPlus = codes("+44")
        #expect(withPlus == codes("44"))
        #expect(Set(withPlus) == ["GB", "GG", "IM", "JE"])
        #expect(codes("+7") == ["RU", "KZ"])
        let prefixed = codes("+35")
        #expect(prefixed.contains("IE"))
        #expect(prefixed.contains("AX"))
        #expect(!prefixed.contains("GB"))
        #expect(codes("+380") == ["UA"])
        #expect(codes("+1").count > 20)
        #expect(codes("+1").allSatisfy { CountryCatalog.country(isoCode: $0)?.dialCode.hasPrefix("+1") == true })
    }

    @Test func findsSeveralUniteds() {
        let united = codes("united")
        #expect(united.count >= 3)
        #expect(Set(united).isSuperset(of: ["AE", "GB", "US"]))
    }

    @Test func ignoresDiacriticsApostropheStylesAndHyphens() {
        #expect(codes("côte").first == "CI")
        #expect(codes("cote").first == "CI")
        #expect(codes("COTE D\u{2019}IVOIRE") == ["CI"])
        #expect(codes("cote d'ivoire", language: "de") == ["CI"])
        #expect(codes("aland") == ["AX", "NZ"])  // Åland by prefix, New Zealand by substring
        #expect(codes("guinea bissau") == ["GW"])
        #expect(codes("curacao") == ["CW"])
    }

    @Test func returnsEverythingForAnEmptyQueryAndNothingForJunk() {
        #expect(CountryCatalog.search("", language: "en") == CountryCatalog.sorted(language: "en"))
        #expect(CountryCatalog.search("   ", language: "ja") == CountryCatalog.sorted(language: "ja"))
        #expect(codes("qqq").isEmpty)
        #expect(codes("+abc").isEmpty)
        #expect(codes("+0").isEmpty)
    }
}

@Suite struct CountryOrderTests {
    private func names(_ countries: [Country], language: String) -> [String] {
        countries.map { $0.localizedName(language: language) }
    }

    @Test func japaneseListsFollowJapaneseCollation() {
        let order = names(CountryCatalog.sorted(language: "ja"), language: "ja")
        #expect(order.count == CountryCatalog.all.count)
        // Gojūon order, kanji names by their reading (issue 32 item 10): 韓国 (かんこく) before 北朝鮮 (きたちょうせん),
        // 中国 (ちゅうごく) between チャド and チリ, 日本 (にほん) after ニジェール; the English order would differ.
        let expected = ["アメリカ合衆国", "イギリス", "韓国", "北朝鮮", "チャド", "中国", "チリ", "ドイツ", "ニジェール", "日本",
                        "ネパール"]
        let positions = expected.map { order.firstIndex(of: $0) ?? -1 }
        #expect(!positions.contains(-1), "\(positions)")
        #expect(positions == positions.sorted(), "\(zip(expected, positions).map { "\($0)@\($1)" })")
        #expect(order.last.map { $0.unicodeScalars.first!.properties.isIdeographic } == false, "\(order.suffix(3))")
    }

    @Test func swedishCollationPutsÅAfterZ() {
        let order = names(CountryCatalog.sorted(language: "sv"), language: "sv")
        let zambia = order.firstIndex(of: "Zambia") ?? -1
        let åland = order.firstIndex(of: "Åland") ?? -1
        #expect(zambia >= 0 && åland > zambia)
    }

    @Test(arguments: [("+44", "GB"), ("44", "GB"), ("+1", "US"), ("+7", "RU"), ("+39", "IT"), ("+590", "GP")])
    func theOwnerOfASharedCallingCodeComesFirst(query: String, owner: String) {
        let found = CountryCatalog.search(query, language: "ja")
        #expect(found.first?.isoCode == owner)
    }

    @Test func sharersOfACodeFollowTheOwnerInCollationOrder() {
        #expect(CountryCatalog.search("+44", language: "en").map(\.isoCode) == ["GB", "GG", "IM", "JE"])
    }
}

@Suite struct CountryPresentationTests {
    @Test func namesCountriesInOtherLanguages() throws {
        let japan = try #require(CountryCatalog.country(isoCode: "JP"))
        let germany = try #require(CountryCatalog.country(isoCode: "DE"))
        #expect(japan.localizedName(language: "ja") == "日本")
        #expect(japan.localizedName(language: "de") == "Japan")
        #expect(germany.localizedName(language: "de") == "Deutschland")
        #expect(germany.localizedName(language: "ja") == "ドイツ")
        #expect(CountryCatalog.country(isoCode: "TW")?.localizedName(language: "zh-Hant") == "台灣")
        #expect(CountryCatalog.country(isoCode: "US")?.localizedName(language: "de") == "Vereinigte Staaten")
        #expect(CountryCatalog.country(isoCode: "XK")?.localizedName(language: "ja") == "コソボ")
    }

    @Test func fallsBackToTheEnglishNameForRegionsUnknownToICU() {
        let unknown = Country(isoCode: "QQ", dialCode: "+999", englishName: "Nowhere")
        #expect(unknown.localizedName(language: "ja") == "Nowhere")
        #expect(unknown.id == "QQ")
    }
}
