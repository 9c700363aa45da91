import AuthCore
import BuiltinResources
import FirebaseAuthREST
import FoundationEssentials
import Localization

/// Every option of every command. Adding an option is one declaration here, its place in `all`, the commands that
/// list it (`Command.options`), its field and its help string.
extension OptionDeclaration {
    static let store = value("--store", .valuePath, .helpStore, completing: .paths) { $0.storePath = $1 }
    static let apiKey = value("--api-key", .valueKey, .helpAPIKey) { options, text throws(UsageError) in
        guard !text.allSatisfy(\.isWhitespace) else { throw UsageError(.usageNeedsValue, .string("--api-key")) }
        options.apiKey = text
    }
    static let emulator = value("--emulator", .valueHostPort, .helpEmulator) { options, text throws(UsageError) in
        options.emulator = try emulatorAddress(text)
    }
    static let project = value("--project", .valueID, .helpProject) { $0.project = $1 }
    static let config = value("--config", .valueFile, .helpConfig, completing: .paths) { $0.configPath = $1 }
    static let lang = value("--lang", .valueCode, .helpLang, completing: .words(Strings.builtInLanguages)) {
        $0.language = $1
    }
    static let strings = value("--strings", .valuePath, .helpStrings, completing: .paths) { $0.stringsPath = $1 }
    static let theme = value("--theme", .valueTheme, .helpTheme, completing: .words(BuiltinResources.themeNames)) {
        $0.theme = $1
    }
    static let providers = value("--providers", .valueList, .helpProviders,
                                 completing: .list(AuthProvider.names)) { options, text throws(UsageError) in
        try options.setProviders(text)
    }
    static let firstFrameExit = flag("--first-frame-exit", .helpFirstFrameExit) { $0.exitAfterFirstFrame = true }
    static let host = value("--host", .valueHost, .helpHost) { $0.host = $1 }
    static let port = value("--port", .valuePort, .helpPort) { options, text throws(UsageError) in
        options.port = try portNumber(text)
    }
    static let allowRemote = flag("--allow-remote", .helpAllowRemote) { $0.allowRemote = true }
    static let importDirectory = value("--import", .valueDirectory, .helpImport, completing: .directories) {
        $0.emulatorOptions.importDirectory = $1
    }
    static let exportOnExit = value("--export-on-exit", .valueDirectory, .helpExportOnExit,
                                     completing: .directories) {
        $0.emulatorOptions.exportDirectory = $1
    }
    static let quiet = flag("--quiet", .helpQuiet) { $0.emulatorOptions.isQuiet = true }
    static let productionHashing = flag("--production-hashing", .helpProductionHashing) {
        $0.emulatorOptions.productionHashing = true
    }
    static let recentLoginMaxAge = value("--recent-login-max-age", .valueSeconds, .helpRecentLoginMaxAge) {
        options, text throws(UsageError) in
        options.emulatorOptions.recentLoginMaxAge = try seconds(text)
    }
    static let singleProjectMode = value("--single-project-mode", .valueSingleProjectMode,
                                         .helpSingleProjectMode) { options, text throws(UsageError) in
        guard let mode = SingleProjectMode(rawValue: text) else { throw UsageError(.usageBadSingleProjectMode) }
        options.emulatorOptions.singleProjectMode = mode
    }
    static let requireRecaptcha = flag("--require-recaptcha", .helpRequireRecaptcha) {
        $0.emulatorOptions.requireRecaptcha = true
    }
    static let strict = flag("--strict", .helpStrict) { $0.emulatorOptions.isStrict = true }
    static let json = flag("--json", .helpJSON) { $0.printsJSON = true }
    static let plain = flag("--plain", .helpPlain) { $0.isPlain = true }
    static let forceRefresh = flag("--force-refresh", .helpForceRefresh) { $0.forcesRefresh = true }
    static let builtIn = flag("--builtin", .helpBuiltin) { $0.checksBuiltIn = true }
    static let help = flag("--help", short: "-h", .helpHelp) { $0.action = .help }
    static let version = flag("--version", .helpVersion) { $0.action = .version }

    /// The options of the commands that talk to a backend (local store, Firebase project or emulator); they read
    /// the configuration file and print localized text.
    static let backend: [OptionDeclaration] = [store, apiKey, emulator, project, config, lang, strings]

    /// In help order.
    static let all: [OptionDeclaration] = [
        store, apiKey, emulator, project, config, lang, strings, theme, providers, firstFrameExit, host, port,
        allowRemote, importDirectory, exportOnExit, quiet, productionHashing, recentLoginMaxAge, singleProjectMode,
        requireRecaptcha, strict, json, plain,
        forceRefresh, builtIn, help, version,
    ]

    /// A whole number of seconds greater than 0.
    private static func seconds(_ text: String) throws(UsageError) -> TimeInterval {
        guard let seconds = Int(text), seconds > 0 else { throw UsageError(.usageBadRecentLoginMaxAge) }
        return TimeInterval(seconds)
    }

    private static func portNumber(_ text: String) throws(UsageError) -> UInt16 {
        guard let port = UInt16(text) else { throw UsageError(.usageBadPort) }
        return port
    }

    /// `HOST:PORT` or `[IPv6]:PORT`, as given; anything else (a bare host too) is a usage error.
    private static func emulatorAddress(_ text: String) throws(UsageError) -> String {
        guard FirebaseEndpoint.isEmulatorAddress(text) else {
            throw UsageError(.usageBadEmulatorAddress, .string(text))
        }
        return text
    }
}
