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
/// Only the rules for integers are needed (counts of things): CLDR's conditions on the integer digits `i` with no
/// visible fraction (`v = 0`). A regional variant uses its language's rules (`de-AT` as `de`, `sr-Latn` as `sr`).
/// Languages without a rule here use CLDR's root rule, which puts every number in `other`. The `many` category
/// CLDR gives French, Spanish, Italian, Portuguese and Catalan for exact millions is left out: those forms fall
/// back to `other`, which reads correctly.
public enum PluralRules {
    /// The category of `count` in `language` (a BCP 47 tag such as `ru`, `pt-PT` or `zh-Hant`).
    public static func category(of count: Int, language: String) -> PluralCategory {
        let tag = String(language.lowercased().map { $0 == "_" ? "-" : $0 })
        let base = String(tag.prefix { $0 != "-" })
        let number = count.magnitude
        if base == "pt" { return tag.hasPrefix("pt-pt") ? oneIfOne(number) : (number <= 1 ? .one : .other) }
        return rule(for: base)?(number) ?? .other
    }

    /// The categories a translation for `language` must give: those whole numbers fall into, and `other`, which
    /// CLDR requires of every language. Read from the rules themselves, which repeat every 100 numbers after 200.
    public static func requiredCategories(language: String) -> Set<PluralCategory> {
        Set((0..<300).map { category(of: $0, language: language) }).union([.other])
    }

    /// The rule of a bare language code, or nil for CLDR's root rule (`other` only).
    private static func rule(for language: String) -> ((UInt) -> PluralCategory)? {
        switch language {
        case "en", "de", "nl", "sv", "it", "es", "tr", "bg", "ca", "da", "el", "fi", "gsw", "hu", "mr", "nb", "nn",
             "ta", "ur":
            return oneIfOne
        case "fr", "hi", "bn", "fa", "gu", "kn", "ln":
            return { $0 <= 1 ? .one : .other }
        case "ru", "uk": return eastSlavic
        case "hr", "sr", "bs": return westSouthSlavic
        case "pl": return polish
        case "cs", "sk": return { $0 == 1 ? .one : ((2...4).contains($0) ? .few : .other) }
        case "ar": return arabic
        case "he": return { $0 == 1 ? .one : ($0 == 2 ? .two : .other) }
        case "lv": return latvian
        case "ro": return romanian
        case "sl": return slovenian
        case "fil": return { [4, 6, 9].contains($0 % 10) ? .other : .one }
        default: return nil
        }
    }

    private static func oneIfOne(_ n: UInt) -> PluralCategory { n == 1 ? .one : .other }

    /// Russian, Ukrainian: one 1, 21, 31…; few 2–4, 22–24…; many the rest.
    private static func eastSlavic(_ n: UInt) -> PluralCategory {
        if n % 10 == 1 && n % 100 != 11 { return .one }
        if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
        return .many
    }

    /// Croatian, Serbian, Bosnian: as Russian, but the rest is `other`.
    private static func westSouthSlavic(_ n: UInt) -> PluralCategory {
        let category = eastSlavic(n)
        return category == .many ? .other : category
    }

    /// Polish: one only for 1 itself.
    private static func polish(_ n: UInt) -> PluralCategory {
        if n == 1 { return .one }
        if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
        return .many
    }

    private static func arabic(_ n: UInt) -> PluralCategory {
        switch n {
        case 0: return .zero
        case 1: return .one
        case 2: return .two
        default: break
        }
        if (3...10).contains(n % 100) { return .few }
        return (11...99).contains(n % 100) ? .many : .other
    }

    /// Latvian: zero for 0, 10–20, 30…, 11–19 endings; one for 1, 21, 31… (not 11).
    private static func latvian(_ n: UInt) -> PluralCategory {
        if n % 10 == 0 || (11...19).contains(n % 100) { return .zero }
        return n % 10 == 1 ? .one : .other
    }

    /// Romanian: one 1; few 0 and numbers ending in 01–19 (2–19, 101–119…); other 20, 21…
    private static func romanian(_ n: UInt) -> PluralCategory {
        if n == 1 { return .one }
        return n == 0 || (1...19).contains(n % 100) ? .few : .other
    }

    /// Slovenian: one …01, two …02, few …03–04.
    private static func slovenian(_ n: UInt) -> PluralCategory {
        switch n % 100 {
        case 1: return .one
        case 2: return .two
        case 3, 4: return .few
        default: return .other
        }
    }
}
