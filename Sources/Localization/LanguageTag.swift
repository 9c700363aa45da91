/// The parts of a language tag that choosing a language needs: language, script and region.
///
/// Reads BCP 47 tags (`zh-Hant-TW`, `pt-BR`) and POSIX locale names (`zh_TW.UTF-8`, `sr_RS@latin`); the
/// encoding, modifier, variants and extensions are dropped. `C` and `POSIX` name no language.
struct LanguageTag: Hashable {
    /// Lowercase language subtag, e.g. `zh`.
    let language: String
    /// Titlecase script subtag, e.g. `Hant`, if given.
    let script: String?
    /// Uppercase region subtag, e.g. `TW` or `419`, if given.
    let region: String?

    init(language: String, script: String? = nil, region: String? = nil) {
        self.language = language
        self.script = script
        self.region = region
    }

    /// Parses `text`; nil when it names no language (`C`, `POSIX`, empty, malformed).
    init?(_ text: String) {
        let name = text.prefix { $0 != "." && $0 != "@" }
        var subtags = name.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }[...]
        guard let first = subtags.popFirst(), (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else {
            return nil
        }
        language = Self.replacedCodes[first.lowercased()] ?? first.lowercased()
        var script: String? = Self.modifierScripts[text.split(separator: "@").dropFirst().first?.lowercased() ?? ""]
        if let next = subtags.first, next.count == 4, next.allSatisfy(\.isASCIILetter) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            subtags.removeFirst()
        }
        var region: String?
        if let next = subtags.first, (next.count == 2 && next.allSatisfy(\.isASCIILetter))
            || (next.count == 3 && next.allSatisfy(\.isASCIIDigit)) {
            region = next.uppercased()
        }
        self.script = script
        self.region = region
    }

    /// Deprecated or macro-language codes that locales still use, and the code the tables are named by.
    private static let replacedCodes = ["iw": "he", "in": "id", "no": "nb", "tl": "fil"]

    /// POSIX locale modifiers that name a script (`sr_RS@latin`).
    private static let modifierScripts = ["latin": "Latn", "cyrillic": "Cyrl"]

    /// `language[-Script][-REGION]`.
    var code: String { [language, script, region].compactMap { $0 }.joined(separator: "-") }

    /// The script the tag implies: its own, or for Chinese the one its region writes (Hant for TW, HK and MO,
    /// Hans otherwise, bare `zh` included), for Cantonese Hant. Nil for other languages without an explicit script.
    var impliedScript: String? {
        if let script { return script }
        if language == "yue" { return region == "CN" ? "Hans" : "Hant" }
        guard language == "zh" else { return nil }
        return ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
    }

    /// Regions whose English is US English: CLDR's children of `en` that are not under `en-001`.
    private static let usEnglishRegions: Set<String> = ["US", "AS", "GU", "MH", "MP", "PR", "UM", "VI"]

    /// Whether the tag's script runs right to left: its explicit script, or the usual script of its language.
    var isRightToLeft: Bool {
        if let script { return Self.rightToLeftScripts.contains(script) }
        return Self.rightToLeftLanguages.contains(language)
    }

    /// Whether the tag's script joins its letters in forms only a shaping engine makes: Syriac, N'Ko, Adlam and
    /// Hanifi Rohingya. FriBidi puts them in order, but Unicode has presentation forms for Arabic alone, so in a
    /// terminal their letters stay apart.
    var lettersStayUnjoined: Bool {
        if let script { return Self.unjoinedScripts.contains(script) }
        return Self.unjoinedLanguages.contains(language)
    }

    private static let rightToLeftScripts: Set<String> = ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg"]
    /// Languages usually written in a right-to-left script (CLDR's likely scripts), so that a strings file in
    /// one of them is drawn right to left without a script subtag.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "khw", "ks", "lrc", "mzn", "nqo", "pnb", "prs",
        "ps", "rhg", "sd", "sdh", "syr", "ug", "ur", "yi",
    ]
    private static let unjoinedScripts: Set<String> = ["Syrc", "Nkoo", "Adlm", "Rohg"]
    private static let unjoinedLanguages: Set<String> = ["syr", "nqo", "rhg"]

    /// Codes to try for this tag, most specific first: the tag itself, the tag without region, the tag with
    /// its implied script, for English outside the US `en-001` and `en-GB`, the bare language, then the variety
    /// the bare language usually means (Portuguese) or the language read instead (Cantonese as Chinese).
    var candidates: [String] {
        var codes: [String] = [code]
        let script = impliedScript
        if let script, let region { codes.append("\(language)-\(script)-\(region)") }
        if let script { codes.append("\(language)-\(script)") }
        if let region { codes.append("\(language)-\(region)") }
        codes.append(language)
        if language == "pt" { codes.append(region == nil || region == "BR" ? "pt-BR" : "pt-PT") }
        // CLDR's parent of every other English region is `en-001`, whose British-style spelling `en-GB` carries.
        if language == "en", let region, !Self.usEnglishRegions.contains(region), region != "XA" {
            codes.insert(contentsOf: ["en-001", "en-GB"], at: codes.count - 1)
        }
        // Cantonese has no table: like Apple, it reads Chinese in its script (`yue` → zh-Hant, `yue-Hans` → zh-Hans).
        if language == "yue", let script { codes.append("zh-\(script)") }
        var seen: Set<String> = []
        return codes.filter { seen.insert($0.lowercased()).inserted }
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
