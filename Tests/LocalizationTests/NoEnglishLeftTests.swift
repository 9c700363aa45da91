import Testing
@testable import Localization

/// No built-in language shows English where it has words of its own.
@Suite("Built-in languages leave no English in the interface")
struct NoEnglishLeftTests {
    /// Texts that stay as in English in every language: a program name with its message, JSON's null, "OK", a key
    /// and what it does around a colon.
    static let everywhere: Set<String> = ["fauth-tui: %@", "null", "OK", "%1$@: %2$@"]

    /// Words that a language spells exactly as English does (true loanwords), by language.
    static let loanwords: [String: Set<String>] = [
        "ca": ["Arguments:", "Error", "local: %@"],
        "de": ["Code: %@", "Name"],
        "el": ["Email"],
        "es": ["Error", "local: %@"],
        "fil": ["Authenticator app", "Code: %@", "Email", "Error", "Inbox", "inbox", "Password"],
        "gsw": ["Code: %@", "Name"],
        "id": ["Email"],
        "it": ["Email", "Password"],
        "nl": ["Code: %@", "Inbox", "inbox"],
        "pt-BR": ["local: %@"],
        "pt-PT": ["Email", "local: %@"],
        "ro": ["local: %@"],
        "vi": ["Email"],
    ]

    /// Keys whose text is a command-line token, not words: value placeholders (PATH), `[options]`, the list
    /// separator (quotes and a comma), plain mode's field prompt and a labelled address (a label and a colon),
    /// which many languages keep as they are.
    static func isToken(_ key: StringKey) -> Bool {
        key.rawValue.hasPrefix("Value")
            || [.helpOptionsPlaceholder, .listSeparator, .plainFieldPrompt, .labeledAddress].contains(key)
    }

    /// Every built-in language but English itself, its regional variants and its pseudo-locale.
    static let translated = Strings.builtInLanguages.filter { $0 != "en" && !$0.hasPrefix("en-") }

    @Test(arguments: translated)
    func everyKeyHasItsOwnText(language: String) {
        let english = Strings.builtIn(language: "en")
        let strings = Strings.builtIn(language: language)
        // A regional table (de-AT) shows its base language's words (de) where it does not override them.
        let base = String(language.prefix { $0 != "-" })
        let allowed = Self.everywhere.union(Self.loanwords[language] ?? []).union(Self.loanwords[base] ?? [])
        for key in StringKey.allCases {
            #expect(strings.source(of: key) != .englishFallback, "\(language): \(key.rawValue) falls back to English")
            if strings[key] == english[key], !Self.isToken(key) {
                #expect(allowed.contains(strings[key]), "\(language): \(key.rawValue) is still English")
            }
        }
    }
}
