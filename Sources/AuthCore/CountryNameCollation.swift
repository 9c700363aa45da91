import _FoundationICU

/// Collation and search folding of country names through the ICU that FoundationInternationalization carries.
enum CountryNameCollation {
    /// `items` ordered by `name` with `language`'s collation (code-point order if ICU has no collator for it).
    static func sorted<Item>(_ items: [Item], language: String, by name: (Item) -> String) -> [Item] {
        let keyed = items.map { ($0, Array(name($0).utf16)) }
        var status = U_ZERO_ERROR
        guard let collator = swift_ucol_open(language, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return keyed.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
        }
        defer { swift_ucol_close(collator) }
        return keyed.sorted { swift_ucol_strcoll(collator, $0.1, Int32($0.1.count), $1.1, Int32($1.1.count)) == UCOL_LESS }
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
        let source = Array(text.utf16)
        var status = U_ZERO_ERROR
        guard let normalizer = swift_unorm2_getNFKDInstance(&status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return text
        }
        var capacity = source.count * 4 + 16
        while true {
            var output = [UInt16](repeating: 0, count: capacity)
            status = U_ZERO_ERROR
            let length = swift_unorm2_normalize(normalizer, source, Int32(source.count), &output, Int32(capacity), &status)
            if status == U_BUFFER_OVERFLOW_ERROR { capacity = Int(length); continue }
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return text }
            return String(decoding: output[..<Int(length)], as: UTF16.self)
        }
    }
}
