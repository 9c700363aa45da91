import CICU

/// A language's conventions from Debian's ICU (libicui18n): region names, collation, search folding, dates.
///
/// ICU is loaded with `dlopen` on first use, as the line breaker loads it, so a start maps none of it and the
/// binary carries no copy of ICU. Without it, names stay English, order is by code point, folding only lowers
/// case, and dates are written as RFC 3339.
enum ICULocaleData {
    /// The functions, or nil when ICU cannot be loaded.
    static let api: CICULocaleAPI? = {
        var api = CICULocaleAPI()
        return cicu_load_locale(&api) != 0 ? api : nil
    }()

    /// ICU's locale ID for a language tag ("zh-Hant" → "zh_Hant").
    static func localeID(_ language: String) -> String {
        language.replacing("-", with: "_")
    }

    /// The name of region `isoCode` in `language`; nil without ICU or when ICU knows no name for it.
    static func regionName(_ isoCode: String, language: String) -> String? {
        guard let api else { return nil }
        let name = text { buffer, capacity, status in
            api.displayCountry("und_" + isoCode, localeID(language), buffer, capacity, &status)
        }
        guard let name, !name.isEmpty, name != isoCode else { return nil }
        return name
    }

    /// The UTF-16 text an ICU function writes into a buffer, asked again with the length it reports when the first
    /// buffer was short; nil when it fails.
    static func text(_ write: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32) -> String? {
        var capacity: Int32 = 64
        for _ in 0..<2 {
            var status = U_ZERO_ERROR
            var buffer = [UChar](repeating: 0, count: Int(capacity))
            let length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, capacity, &status) }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = length
                continue
            }
            guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0 else { return nil }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }
        return nil
    }
}
