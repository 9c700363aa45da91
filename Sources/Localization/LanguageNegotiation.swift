/// Chooses the language to show from what the person asked for and what is available, BCP 47 style.
///
/// Each requested tag is tried in turn; for one tag the candidates are, most specific first, the tag itself,
/// the tag without its region (`zh-Hant-TW` → `zh-Hant`), Chinese with the script its region writes (`zh_TW`,
/// `zh_HK`, `zh_MO` → `zh-Hant`; `zh_CN`, `zh_SG` and bare `zh` → `zh-Hans`), the bare language (`en_US` →
/// `en`), and for Portuguese the usual variety (`pt` and `pt_BR` → `pt-BR`, any other region → `pt-PT`).
/// Last, any available variety of the same language and script is accepted (`de_CH` → `de-AT` if that is all
/// there is); the pseudo-locale `en-XA` is only ever chosen by name. When no requested tag matches, `en`.
public enum LanguageNegotiation {
    /// The language used when nothing requested is available.
    public static let fallback = "en"

    /// The entry of `available` that best serves `requested` (highest priority first), or ``fallback``.
    public static func choose(requested: [String], available: [String]) -> String {
        for tag in requested {
            if let match = match(tag, available: available) { return match }
        }
        return fallback
    }

    /// The entry of `available` that serves `requested`, or nil when none does (or it names no language).
    public static func match(_ requested: String, available: [String]) -> String? {
        guard let tag = LanguageTag(requested) else { return nil }
        let byCode = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for candidate in tag.candidates {
            if let found = byCode[candidate.lowercased()] { return found }
        }
        return available.first { code in
            guard let other = LanguageTag(code), other.region != pseudoRegion else { return false }
            return other.language == tag.language && other.impliedScript == tag.impliedScript
        }
    }

    /// The tags to negotiate, highest priority first: the `--lang` flag, the configuration's `languageCode`,
    /// then, as gettext does, each entry of `LANGUAGE` (a priority list such as `xx:pt_BR:de`) unless the locale
    /// is `C` or `POSIX` (or unset), then the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty
    /// (POSIX precedence).
    public static func requested(flag: String?, configured: String?, environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let priorities = locale.flatMap(LanguageTag.init) == nil ? [] : (environment["LANGUAGE"] ?? "")
            .split(separator: ":").map(String.init)
        return ([flag, configured] + priorities + [locale]).compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// The region subtag of pseudo-locales (`en-XA`), which fallbacks never pick.
    private static let pseudoRegion = "XA"
}
