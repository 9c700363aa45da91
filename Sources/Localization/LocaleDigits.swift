import CICU
import Synchronization

/// The digits a language writes numbers with: its default numbering system in CLDR, read from ICU (Arabic-Indic
/// for ar, extended Arabic-Indic for fa, Bengali for bn, Devanagari for mr; ASCII for most).
///
/// ICU is opened on first use, as for line breaking and dates; without it, or for an algorithmic system, numbers
/// stay ASCII. Codes, phone numbers, addresses and the numbers a user types stay ASCII: they are passed as text.
enum LocaleDigits {
    private static let api: CICUNumberingAPI? = {
        var api = CICUNumberingAPI()
        return cicu_load_numbering(&api) != 0 ? api : nil
    }()

    private static let known = Mutex<[String: [Character]]>([:])

    /// `ascii`'s digits 0–9 written with `language`'s digits; everything else as it is.
    static func localized(_ ascii: String, language: String) -> String {
        let digits = self.digits(language: language)
        guard digits.count == 10 else { return ascii }
        return String(ascii.map { character in
            character.isASCII ? character.wholeNumberValue.map { digits[$0] } ?? character : character
        })
    }

    /// The ten digits of `language`'s default numbering system, or none when they are ASCII or unknown.
    private static func digits(language: String) -> [Character] {
        if let digits = known.withLock({ $0[language] }) { return digits }
        let digits = icuDigits(locale: language.replacing("-", with: "_"))
        known.withLock { $0[language] = digits }
        return digits
    }

    private static func icuDigits(locale: String) -> [Character] {
        guard let api else { return [] }
        var status = U_ZERO_ERROR
        guard let system = api.open(locale, &status), status.rawValue <= U_ZERO_ERROR.rawValue else { return [] }
        defer { api.close(system) }
        guard api.isAlgorithmic(system) == 0 else { return [] }
        var buffer = [UChar](repeating: 0, count: 32)
        let length = api.description(system, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return [] }
        let digits = Array(String(decoding: buffer[..<Int(length)], as: UTF16.self))
        return digits == Array("0123456789") ? [] : digits
    }
}
