import CICU
import FoundationEssentials

/// Dates written the way a language writes them, in the local time zone.
public enum LocalizedDate {
    /// `date` with the fields of the ICU skeleton `skeleton` (e.g. "yMMMd": "Dec 1, 2026" in English, "1. Dez.
    /// 2026" in German) in `language`'s order and words; RFC 3339 when ICU cannot be loaded.
    public static func text(_ date: Date, skeleton: String, language: String) -> String {
        pattern(skeleton, language: language).flatMap { format(date, pattern: $0, language: language) }
            ?? RFC3339.string(date)
    }

    /// `language`'s best date pattern for `skeleton`.
    private static func pattern(_ skeleton: String, language: String) -> [UChar]? {
        var status = U_ZERO_ERROR
        guard let api = ICULocaleData.api,
              let generator = api.openPatternGenerator(ICULocaleData.localeID(language), &status),
              status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        defer { api.closePatternGenerator(generator) }
        let fields = Array(skeleton.utf16)
        return ICULocaleData.text { buffer, capacity, status in
            api.bestPattern(generator, fields, Int32(fields.count), buffer, capacity, &status)
        }.map { Array($0.utf16) }
    }

    private static func format(_ date: Date, pattern: [UChar], language: String) -> String? {
        var status = U_ZERO_ERROR
        guard let api = ICULocaleData.api,
              let formatter = api.openDateFormat(UDAT_PATTERN, UDAT_PATTERN, ICULocaleData.localeID(language), nil, -1,
                                                 pattern, Int32(pattern.count), &status),
              status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        defer { api.closeDateFormat(formatter) }
        let milliseconds = date.timeIntervalSince1970 * 1000
        return ICULocaleData.text { buffer, capacity, status in
            api.formatDate(formatter, milliseconds, buffer, capacity, nil, &status)
        }
    }
}
