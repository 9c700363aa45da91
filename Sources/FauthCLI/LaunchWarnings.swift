import AuthCore
import FauthTUI
import FoundationEssentials
import Localization

/// Settings that are accepted but do not do what they say, told once each on standard error before a command
/// runs: a language without strings, a language whose letters cannot be joined in a terminal, a Terms of
/// Service URL without its Privacy Policy URL, a provider listed twice.
enum LaunchWarnings {
    /// The warnings for a run, in a stable order and without repeats; `languages` are those with strings and
    /// `shown` the strings the interface uses.
    static func collect(options: LaunchOptions, file: ConfigurationFile, languages: [String],
                        shown: Strings) -> [LocalizedText] {
        var warnings = options.warnings + file.warnings
        let requested = [("--lang", options.language), ("languageCode", file.configuration.languageCode)]
        for case let (source, code?) in requested where LanguageNegotiation.match(code, available: languages) == nil {
            warnings.append(LocalizedText(.warningUnknownLanguage,
                                          [.string(source), .string(code), .string(shown.language)]))
        }
        if shown.lettersStayUnjoined {
            warnings.append(LocalizedText(.warningUnjoinedLetters, [.string(shown.language)]))
        }
        switch (file.configuration.tosUrl, file.configuration.privacyPolicyUrl) {
        case (.some, nil):
            warnings.append(LocalizedText(.warningTermsNeedBoth, [.string("tosUrl"), .string("privacyPolicyUrl")]))
        case (nil, .some):
            warnings.append(LocalizedText(.warningTermsNeedBoth, [.string("privacyPolicyUrl"), .string("tosUrl")]))
        default:
            break
        }
        return warnings.reduce(into: []) { unique, warning in
            if !unique.contains(warning) { unique.append(warning) }
        }
    }

    /// Prints each warning as `fauth-tui: warning: …` in `strings`' language.
    static func print(_ warnings: [LocalizedText], strings: Strings, console: Console) {
        for warning in warnings {
            console.printError(strings.format(.warningLine, .string(warning.message(strings))))
        }
    }
}
