import FoundationEssentials

/// A country or territory reachable through an ITU-T E.164 country calling code.
public struct Country: Sendable, Hashable, Identifiable {
    /// ISO 3166-1 alpha-2 code, upper case, e.g. "JP" (Kosovo uses the user-assigned "XK").
    public let isoCode: String
    /// Country calling code with its plus sign, e.g. "+81"; several countries may share one, like "+1".
    public let dialCode: String
    /// Name in English, used for sorting and whenever no localized name is known.
    public let englishName: String

    /// Creates a country from its ISO code, calling code and English name.
    public init(isoCode: String, dialCode: String, englishName: String) {
        self.isoCode = isoCode
        self.dialCode = dialCode
        self.englishName = englishName
    }

    /// The ISO code, unique within `CountryCatalog.all`.
    public var id: String { isoCode }

    /// The country's name in `language` (a BCP 47 or ICU identifier such as "ja" or "zh-Hant"), else `englishName`.
    public func localizedName(language: String) -> String {
        ICULocaleData.regionName(isoCode, language: language) ?? englishName
    }
}
