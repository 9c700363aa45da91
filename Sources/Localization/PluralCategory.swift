/// A CLDR plural category: which form of a counted phrase a number takes in a language.
public enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    case zero
    case one
    case two
    case few
    case many
    case other
}

/// The CLDR plural rules for whole numbers, for the built-in languages.
///
/// Only the rules for integers are needed (counts of things). Languages without a rule here use CLDR's root
/// rule, which puts every number in `other`. The `many` category CLDR gives French, Spanish, Italian and
/// Portuguese for exact millions is left out: those forms fall back to `other`, which reads correctly.
public enum PluralRules {
    /// The category of `count` in `language` (a BCP 47 tag such as `ru`, `pt-PT` or `zh-Hant`).
    public static func category(of count: Int, language: String) -> PluralCategory {
        let tag = String(language.lowercased().map { $0 == "_" ? "-" : $0 })
        let base = String(tag.prefix { $0 != "-" })
        let number = count.magnitude
        let lastDigit = number % 10
        let lastTwo = number % 100
        switch base {
        case "en", "de", "nl", "sv", "it", "es", "tr":
            return number == 1 ? .one : .other
        case "pt" where tag.hasPrefix("pt-pt"):
            return number == 1 ? .one : .other
        case "fr", "pt", "hi":
            return number <= 1 ? .one : .other
        case "ru", "uk":
            if lastDigit == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        case "pl":
            if number == 1 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        case "ar":
            switch number {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: break
            }
            if (3...10).contains(lastTwo) { return .few }
            return (11...99).contains(lastTwo) ? .many : .other
        default:
            return .other
        }
    }
}
