import FoundationEssentials

/// Phone numbers as people type them, turned into and shown as E.164 ("+" and up to 15 digits).
public enum PhoneNumber {
    /// Characters people put between digits, removed before reading a number.
    private static let separators: Set<Character> = [" ", "\u{00A0}", "-", ".", "(", ")", "/"]

    /// Countries whose national numbers keep their leading 0 after the calling code (Italian numbering, the
    /// Vatican included; San Marino; Côte d'Ivoire since 2021), so it is no trunk prefix there.
    private static let leadingZeroKept: Set<String> = ["IT", "VA", "SM", "CI"]

    /// Whether `number` is E.164 as stored: `+`, then 7 to 15 digits, the first not 0.
    public static func isE164(_ number: String) -> Bool {
        let digits = number.utf8.dropFirst()
        return number.utf8.first == UInt8(ascii: "+") && (7...15).contains(digits.count)
            && digits.first != UInt8(ascii: "0")
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The E.164 form of `raw` as typed with `country` selected; nil when it cannot be a phone number.
    ///
    /// Spaces, dashes, dots, slashes and parentheses are ignored. A leading "+" or "00" means `raw` carries its
    /// own calling code (an "(0)" after it is dropped, as in "+44 (0)20 …"). Otherwise the national trunk
    /// prefix is dropped ("0", or "1" in the North American plan; none where the 0 belongs to the number) and
    /// `country`'s calling code is prepended. The result has 8 to 15 digits and starts with 1–9.
    public static func normalize(_ raw: String, country: Country) -> String? {
        let trimmed = raw.trimmingWhitespaceAndNewlines()
        let plus = trimmed.hasPrefix("+")
        let body = plus ? String(trimmed.dropFirst()) : trimmed
        let international = plus || withoutSeparators(body).hasPrefix("00")
        let kept = withoutSeparators(international ? body.replacing("(0)", with: "") : body)
        guard !kept.isEmpty, kept.allSatisfy(isDigit) else { return nil }
        let digits: String
        if plus {
            digits = kept
        } else if international {
            digits = String(kept.dropFirst(2))
        } else {
            digits = country.dialCode.filter(isDigit) + nationalSignificantNumber(kept, country: country)
        }
        guard (8...15).contains(digits.count), digits.first != "0" else { return nil }
        return "+" + digits
    }

    /// `digits` as dialled inside `country` without its national trunk prefix.
    private static func nationalSignificantNumber(_ digits: String, country: Country) -> String {
        guard !leadingZeroKept.contains(country.isoCode) else { return digits }
        let trunkPrefix: Character = country.dialCode == "+1" ? "1" : "0"
        return digits.first == trunkPrefix ? String(digits.dropFirst()) : digits
    }

    private static func withoutSeparators(_ text: String) -> String {
        text.filter { !separators.contains($0) }
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
