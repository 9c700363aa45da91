import CICU

/// Collation and search folding of country names through ICU (`ICULocaleData`).
enum CountryNameCollation {
    /// `items` ordered by `name` with `language`'s collation (code-point order without ICU or a collator for it).
    static func sorted<Item>(_ items: [Item], language: String, by name: (Item) -> String) -> [Item] {
        let keyed = items.map { ($0, Array(name($0).utf16)) }
        var status = U_ZERO_ERROR
        guard let api = ICULocaleData.api,
              let collator = api.openCollator(ICULocaleData.localeID(language), &status),
              status.rawValue <= U_ZERO_ERROR.rawValue else {
            return keyed.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
        }
        defer { api.closeCollator(collator) }
        return keyed.sorted { api.collate(collator, $0.1, Int32($0.1.count), $1.1, Int32($1.1.count)) == UCOL_LESS }
            .map(\.0)
    }

    /// `text` without case, diacritic or width differences: compatibility-decomposed (NFKD), combining marks
    /// dropped, lower-cased.
    static func folded(_ text: String) -> String {
        var decomposed = String.UnicodeScalarView()
        for scalar in compatibilityDecomposed(text).unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            decomposed.append(scalar)
        }
        return String(decomposed).lowercased()
    }

    private static func compatibilityDecomposed(_ text: String) -> String {
        var status = U_ZERO_ERROR
        guard let api = ICULocaleData.api, let normalizer = api.nfkd(&status),
              status.rawValue <= U_ZERO_ERROR.rawValue else { return text }
        let source = Array(text.utf16)
        return ICULocaleData.text { buffer, capacity, status in
            api.normalize(normalizer, source, Int32(source.count), buffer, capacity, &status)
        } ?? text
    }
}
