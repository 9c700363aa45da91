import FirebaseAuthREST
import FoundationEssentials
import Localization

/// Every option of every command. Adding an option is one line here (plus its field and its help string).
extension OptionDeclaration {
    /// The commands that talk to a backend (local store, Firebase project or emulator) share its options.
    static let backendCommands: [CommandName] = [.signIn, .inbox, .status, .signOut, .token]
    /// The commands that print localized text and so take the language options.
    static let languageCommands: [CommandName] = backendCommands + [.emulator, .stringsList, .stringsExport]
    /// The commands that read the configuration file (the interface, and its languages and strings).
    static let configurationCommands: [CommandName] = backendCommands + [.stringsList, .stringsExport]

    /// In help order.
    static let all: [OptionDeclaration] = [
        .value("--store", .valuePath, .helpStore, backendCommands + [.emulator]) { $0.storePath = $1 },
        .value("--api-key", .valueKey, .helpAPIKey, backendCommands) { $0.apiKey = $1 },
        .value("--emulator", .valueHostPort, .helpEmulator, backendCommands) { options, text throws(UsageError) in
            options.emulator = try emulatorAddress(text)
        },
        .value("--project", .valueID, .helpProject, backendCommands + [.emulator]) { $0.project = $1 },
        .value("--config", .valueFile, .helpConfig, configurationCommands) { $0.configPath = $1 },
        .value("--lang", .valueCode, .helpLang, languageCommands) { $0.language = $1 },
        .value("--strings", .valuePath, .helpStrings, languageCommands) { $0.stringsPath = $1 },
        .value("--theme", .valueTheme, .helpTheme, [.signIn]) { $0.theme = $1 },
        .value("--providers", .valueList, .helpProviders, [.signIn]) { options, text throws(UsageError) in
            try options.setProviders(text)
        },
        .flag("--first-frame-exit", .helpFirstFrameExit, [.signIn]) { $0.exitAfterFirstFrame = true },
        .value("--host", .valueHost, .helpHost, [.emulator]) { $0.host = $1 },
        .value("--port", .valuePort, .helpPort, [.emulator]) { options, text throws(UsageError) in
            options.port = try port(text)
        },
        .flag("--allow-remote", .helpAllowRemote, [.emulator]) { $0.allowRemote = true },
        .value("--import", .valueDirectory, .helpImport, [.emulator]) { $0.emulatorOptions.importDirectory = $1 },
        .value("--export-on-exit", .valueDirectory, .helpExportOnExit, [.emulator]) {
            $0.emulatorOptions.exportDirectory = $1
        },
        .flag("--quiet", .helpQuiet, [.emulator]) { $0.emulatorOptions.isQuiet = true },
        .flag("--production-hashing", .helpProductionHashing, [.emulator]) {
            $0.emulatorOptions.productionHashing = true
        },
        .value("--recent-login-max-age", .valueSeconds, .helpRecentLoginMaxAge, [.emulator]) {
            options, text throws(UsageError) in
            options.emulatorOptions.recentLoginMaxAge = try seconds(text)
        },
        .value("--single-project-mode", .valueSingleProjectMode, .helpSingleProjectMode, [.emulator]) {
            options, text throws(UsageError) in
            guard let mode = SingleProjectMode(rawValue: text) else { throw UsageError(.usageBadSingleProjectMode) }
            options.emulatorOptions.singleProjectMode = mode
        },
        .flag("--json", .helpJSON, [.signIn, .status]) { $0.printsJSON = true },
        .flag("--plain", .helpPlain, [.signIn]) { $0.isPlain = true },
        .flag("--force-refresh", .helpForceRefresh, [.token]) { $0.forcesRefresh = true },
        .flag("--builtin", .helpBuiltin, [.stringsCheck]) { $0.checksBuiltIn = true },
        .flag("--help", short: "-h", .helpHelp, CommandName.allCases) { $0.action = .help },
        .flag("--version", .helpVersion, [.signIn]) { $0.action = .version },
    ]

    /// A whole number of seconds greater than 0.
    private static func seconds(_ text: String) throws(UsageError) -> TimeInterval {
        guard let seconds = Int(text), seconds > 0 else { throw UsageError(.usageBadRecentLoginMaxAge) }
        return TimeInterval(seconds)
    }

    private static func port(_ text: String) throws(UsageError) -> UInt16 {
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
