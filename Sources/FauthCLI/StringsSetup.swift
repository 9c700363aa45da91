import AuthCore
import FauthTUI
import FoundationEssentials
import Localization

/// Chooses the language of a run and loads the app's strings bundle, from flags, configuration and environment.
enum StringsSetup {
    /// The strings for a run and the languages that have strings; warnings about refused translations go to
    /// standard error. Throws when the bundle cannot be read.
    static func strings(options: LaunchOptions, configuration: AuthConfiguration,
                        environment: [String: String]) throws(StringsBundleError)
        -> (strings: Strings, languages: [String]) {
        let bundle = try loadBundle(options: options, configuration: configuration)
        let strings = load(options: options, configuration: configuration, environment: environment, bundle: bundle)
        let console = Console(strings: strings, environment: environment)
        for warning in warnings(of: strings) { console.printError(warning) }
        return (strings, availableLanguages(bundle: bundle))
    }

    /// The strings for a run: the language negotiated from `--lang`, `languageCode`, `LC_ALL`, `LC_MESSAGES`
    /// and `LANG`, with the bundle from `--strings` or `customStringsBundle` taking precedence for it.
    /// Warnings about refused translations go to `warn`; a bundle that cannot be read throws.
    static func load(options: LaunchOptions, configuration: AuthConfiguration, environment: [String: String],
                     warn: (String) -> Void) throws(StringsBundleError) -> Strings {
        let strings = load(options: options, configuration: configuration, environment: environment,
                           bundle: try loadBundle(options: options, configuration: configuration))
        warnings(of: strings).forEach(warn)
        return strings
    }

    private static func load(options: LaunchOptions, configuration: AuthConfiguration, environment: [String: String],
                             bundle: StringsBundle?) -> Strings {
        Strings.load(language: language(options: options, configuration: configuration, environment: environment,
                                        bundle: bundle),
                     bundle: bundle)
    }

    /// Each problem of loading, and each refused translation of an app's tables, as a `fauth-tui: warning: …`
    /// line in the strings' language. Built-in tables are checked by `strings check --builtin` instead of at
    /// every start.
    private static func warnings(of strings: Strings) -> [String] {
        (strings.hasCustomTables ? strings.warnings : strings.loadWarnings)
            .map { strings.format(.warningLine, .string($0)) }
    }

    /// The bundle named by `--strings` (relative to the working directory) or else by `customStringsBundle`
    /// (relative to the configuration file's folder); nil when neither is given.
    static func loadBundle(options: LaunchOptions, configuration: AuthConfiguration)
        throws(StringsBundleError) -> StringsBundle? {
        if let path = options.stringsPath { return try StringsBundle.load(path: path) }
        guard let path = configuration.customStringsBundle else { return nil }
        guard !path.hasPrefix("/"), let configPath = options.configPath else {
            return try StringsBundle.load(path: path)
        }
        return try StringsBundle.load(path: FilePaths.joining(FilePaths.directory(of: configPath), path))
    }

    /// The negotiated language among the built-in ones and those only `bundle` has.
    static func language(options: LaunchOptions, configuration: AuthConfiguration, environment: [String: String],
                         bundle: StringsBundle?) -> String {
        let requested = LanguageNegotiation.requested(flag: options.language, configured: configuration.languageCode,
                                                      environment: environment)
        return LanguageNegotiation.choose(requested: requested, available: availableLanguages(bundle: bundle))
    }

    /// The built-in languages plus the bundle's languages that no built-in one serves (e.g. `eo`).
    static func availableLanguages(bundle: StringsBundle?) -> [String] {
        let builtIn = Strings.builtInLanguages
        let extra = (bundle?.languages ?? []).filter { LanguageNegotiation.match($0, available: builtIn) == nil }
        return builtIn + extra
    }
}
