import FoundationEssentials
import Synchronization

/// The countries a phone number may belong to, with lookup and search for a country selector.
public enum CountryCatalog {
    /// Every country and territory with an ITU-T E.164 calling code, sorted by English name.
    public static let all: [Country] = countryTable

    /// English names folded for search, by ISO code.
    private static let englishKeys = Dictionary(all.map { ($0.isoCode, searchKey($0.englishName)) },
                                                uniquingKeysWith: { first, _ in first })

    /// FirebaseUI's default selection when neither configuration nor locale names a known region.
    private static let unitedStates = all.first { $0.isoCode == "US" }!  // The table always lists the United States.

    /// The country with ISO 3166-1 alpha-2 code `isoCode`, in any letter case; nil when unknown. Found by a
    /// search of the table (a start looks up one code; a dictionary of them all cost more than the whole search).
    public static func country(isoCode: String) -> Country? {
        let words = isoCode.split(whereSeparator: \.isWhitespace)
        guard words.count == 1 else { return nil }
        let code = words[0].uppercased()
        return all.first { $0.isoCode == code }
    }

    /// The preselected country: the configured `regionCode`, else `locale`'s region, else the United States.
    public static func defaultCountry(regionCode: String?, locale: Locale? = nil) -> Country {
        for code in [regionCode, locale?.region?.identifier].compactMap({ $0 }) {
            if let country = country(isoCode: code) { return country }
        }
        return unitedStates
    }

    private static let sortedByLanguage = Mutex<[String: [Country]]>([:])

    /// Every country sorted by its name in `language`, with that language's collation (ICU); Japanese kanji names
    /// by their reading (`CountryNameReadings`).
    public static func sorted(language: String) -> [Country] {
        if let known = sortedByLanguage.withLock({ $0[language] }) { return known }
        let sorted = CountryNameCollation.sorted(all, language: language) {
            CountryNameReadings.sortKey($0.localizedName(language: language), language: language)
        }
        sortedByLanguage.withLock { $0[language] = sorted }
        return sorted
    }

    /// Countries matching `query` by name in `language` or English, ISO code, or calling code; best matches first.
    ///
    /// Matching ignores case, diacritics and width. Digits, with or without a leading "+", match calling codes
    /// by prefix: the country that owns an exact calling code comes first ("+44" lists the United Kingdom before
    /// Guernsey). Exact ISO codes, calling codes and names come first, then name or ISO-code prefixes, then
    /// names containing the query; each group is in `language`'s collation order, as an empty query lists all.
    public static func search(_ query: String, language: String) -> [Country] {
        let trimmed = query.trimmingWhitespaceAndNewlines()
        guard !trimmed.isEmpty else { return sorted(language: language) }
        let rank: (Country) -> MatchRank?
        if let digits = dialDigits(of: trimmed) {
            rank = { country in dialRank(of: country, digits: digits) }
        } else {
            let needle = searchKey(trimmed)
            rank = { country in nameRank(of: country, needle: needle, language: language) }
        }
        var groups: [MatchRank: [Country]] = [:]
        for country in sorted(language: language) {
            if let match = rank(country) { groups[match, default: []].append(country) }
        }
        return MatchRank.allCases.flatMap { groups[$0] ?? [] }
    }

    /// How well a country matches a search, best first.
    private enum MatchRank: CaseIterable {
        case owner, exact, prefix, substring
    }

    /// The digits of a calling-code query such as "+44", "44" or "+ 1"; nil when it holds anything else.
    private static func dialDigits(of query: String) -> String? {
        let digits = query.drop { $0 == "+" }.filter { $0 != " " }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return String(digits)
    }

    private static func dialRank(of country: Country, digits: String) -> MatchRank? {
        let code = country.dialCode.dropFirst()
        if code == digits { return callingCodeOwners.contains(country.isoCode) ? .owner : .exact }
        return code.hasPrefix(digits) ? .prefix : nil
    }

    private static func nameRank(of country: Country, needle: String, language: String) -> MatchRank? {
        let iso = country.isoCode.lowercased()
        let names = [searchKey(country.localizedName(language: language)), englishKeys[country.isoCode] ?? ""]
        if iso == needle || names.contains(needle) { return .exact }
        if iso.hasPrefix(needle) || names.contains(where: { $0.hasPrefix(needle) }) { return .prefix }
        return names.contains(where: { $0.contains(needle) }) ? .substring : nil
    }

    /// `text` folded for comparison: no case, diacritics or width differences; hyphens as spaces; one apostrophe.
    private static func searchKey(_ text: String) -> String {
        CountryNameCollation.folded(text).replacing("\u{2019}", with: "'").replacing("-", with: " ")
    }
}
