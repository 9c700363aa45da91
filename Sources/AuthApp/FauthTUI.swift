import AuthCore
import AuthScreens
import BuiltinResources
import FoundationEssentials
import LocalAuth
import Localization
import TerminalUI

/// The `fauth-tui` command: parses arguments, wires the backend, strings and terminal, and runs.
@MainActor
public enum FauthTUI {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs the command and returns the process exit status.
    ///
    /// 0: signed in, as a guest too (or the command succeeded, including `--first-frame-exit`); 1: left without
    /// signing in, nobody signed in for `status`/`token`, or a runtime failure; 2: a bad command line, or a
    /// configuration file, strings bundle, theme or `--store` given on it that cannot be used.
    public static func main(arguments: [String], environment: [String: String]) async -> Int32 {
        // Problems with the command line are told in the environment's language; problems with the
        // configuration file in the language `--lang` asks for, when it asks.
        func builtInStrings(flag: String?) -> Strings {
            Strings.builtIn(language: LanguageNegotiation.choose(
                requested: LanguageNegotiation.requested(flag: flag, configured: nil, environment: environment),
                available: Strings.builtInLanguages))
        }
        let options: LaunchOptions
        let file: ConfigurationFile
        do {
            options = try LaunchOptions.parse(arguments)
        } catch {
            return usageFailure(error.message, command: error.command, strings: builtInStrings(flag: nil),
                                environment: environment)
        }
        // The version needs nothing else: no configuration, strings or terminal.
        if options.action == .version {
            print("fauth-tui \(version)")
            return 0
        }
        do {
            file = try loadConfiguration(options.configPath)
        } catch {
            return usageFailure(error.message, command: options.command, strings: builtInStrings(flag: options.language),
                                environment: environment)
        }
        let configuration = file.configuration
        if options.action == .run, let status = StringsCommand.main(options: options, configuration: configuration,
                                                                    environment: environment) {
            return status
        }
        let strings: Strings, languages: [String]
        do {
            (strings, languages) = try StringsSetup.strings(options: options, configuration: configuration,
                                                            environment: environment)
        } catch {
            // `fauth-tui: <file>:<line>:<col>: <message>`
            Console(strings: builtInStrings(flag: options.language), environment: environment)
                .printError("fauth-tui: \(error)")
            return 2
        }
        let console = Console(strings: strings, environment: environment)
        switch options.action {
        case .help:
            console.printOut(HelpText.of(options.command, strings))
            return 0
        case .run, .version:
            break
        }
        LaunchWarnings.print(LaunchWarnings.collect(options: options, file: file, languages: languages,
                                                    shown: strings), strings: strings, console: console)
        if options.command == .emulator {
            return EmulatorCommand.run(options: options, environment: environment, strings: strings)
        }
        // The interface's theme is checked before anything is opened: a bad --theme is a usage error.
        let theme: Theme
        do {
            theme = try ThemeLoader.load(options.theme ?? "default")
        } catch {
            return usageFailure(error.message, command: options.command, strings: strings, environment: environment)
        }
        let backend: Backend
        do {
            // The interface checks the store once its first frame is drawn; every other command before it starts.
            backend = try Backend.open(options: options, environment: environment,
                                       recentLoginMaxAge: file.recentLoginMaxAge,
                                       defersStoreCheck: options.command == .signIn)
        } catch {
            return failure(error, command: options.command, strings: strings, environment: environment)
        }
        switch options.command {
        case .inbox: return await InboxCommand.run(backend, strings: strings, console: console)
        case .status:
            return await SessionCommands.status(backend, backendName: badge(for: backend.location, strings: strings,
                                                                            environment: environment).text,
                                                json: options.printsJSON, strings: strings, console: console)
        case .signOut: return await SessionCommands.signOut(backend, strings: strings, console: console)
        case .token:
            return await SessionCommands.token(backend, forceRefresh: options.forcesRefresh, strings: strings,
                                               console: console)
        case .signIn, .emulator, .strings, .stringsList, .stringsCheck, .stringsExport: break
        }
        let service = (options.providers ?? file.providers ?? [.email]).reduce(
            AuthService(configuration: configuration, client: backend.client)) { $0.registering($1) }
        return await InterfaceCommand.run(service: service, backend: backend, theme: theme, strings: strings,
                                          options: options, environment: environment)
    }

    /// Says why no backend could be used; the exit status.
    static func failure(_ failure: Backend.Failure, command: CommandName, strings: Strings,
                        environment: [String: String]) -> Int32 {
        switch failure {
        case .usage(let problem):
            return usageFailure(problem.message, command: command, strings: strings, environment: environment)
        case .store(let store, let error):
            Console(strings: strings, environment: environment)
                .printError(StoreErrorMessages.message(for: error, path: store.path, strings: strings))
            return store.isDefault ? 1 : 2
        }
    }

    /// Prints a command-line problem with a pointer to the command's help; exit status 2.
    private static func usageFailure(_ message: (Strings) -> String, command: CommandName, strings: Strings,
                                     environment: [String: String]) -> Int32 {
        Console(strings: strings, environment: environment)
            .printError(strings.format(.commandLineError, .string(message(strings))) + "\n"
                        + strings.format(.usageHint, .string(command.rawValue)))
        return 2
    }

    /// Browser sign-ins on Firebase backends (live projects and emulators); the local backend keeps its
    /// simulated provider sheet.
    static func browserSignIn(for backend: Backend, strings: Strings,
                              environment: [String: String]) -> BrowserSignInService? {
        guard case .firebase = backend.location else { return nil }
        let pages = RedirectPages(language: strings.language, received: strings[.browserSignInDonePage],
                                  cancelled: strings[.webContextCancelled], foreign: strings[.invalidIdpResponse])
        return BrowserSignInService(pages: pages, browserCommand: BrowserLauncher.command(environment: environment))
    }

    /// The discreet name of the active backend: the local store's path, or the Firebase endpoint.
    static func badge(for location: Backend.Location, strings: Strings,
                              environment: [String: String]) -> BackendBadge {
        switch location {
        case .local(let path):
            let address = abbreviatingHome(path, environment: environment)
            return BackendBadge(text: strings.format(.localBackendBadge, .string(address)), address: address)
        case .firebase(let endpoint):
            return BackendBadge(text: endpoint.label, address: endpoint.address)
        }
    }

    private static func loadConfiguration(_ path: String?) throws(ConfigurationError) -> ConfigurationFile {
        guard let path else { return ConfigurationFile() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(path: path, .configUnreadable)
        }
        do {
            return try ConfigurationFile.parse(data)
        } catch {
            throw error.inFile(path)
        }
    }

    /// The phone screens' first country: configured, else the region of the POSIX locale (`ja_JP.UTF-8` → Japan),
    /// else FirebaseUI's US.
    static func defaultCountry(_ configuration: AuthConfiguration, environment: [String: String]) -> Country {
        if let code = configuration.defaultCountryCode, let country = CountryCatalog.country(isoCode: code) {
            return country
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let region = locale.split(separator: ".").first?.split(separator: "_").dropFirst().first.map(String.init)
        return CountryCatalog.defaultCountry(regionCode: region)
    }

    private static func abbreviatingHome(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

}
