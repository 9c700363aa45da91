import AuthCore
import BuiltinResources
import Foundation
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
    /// signing in, or a runtime failure; 2: a bad command line, configuration file or strings bundle.
    public static func main(arguments: [String], environment: [String: String]) async -> Int32 {
        // Problems with the command line are told in the environment's language; problems with the
        // configuration file in the language `--lang` asks for, when it asks.
        func builtInStrings(flag: String?) -> Strings {
            Strings.builtIn(language: LanguageNegotiation.choose(
                requested: LanguageNegotiation.requested(flag: flag, configured: nil, environment: environment),
                available: Strings.builtInLanguages))
        }
        var strings = builtInStrings(flag: nil)
        let options: LaunchOptions
        let file: ConfigurationFile
        do {
            options = try LaunchOptions.parse(arguments)
        } catch {
            printError(strings.format(.commandLineError, .string(error.message(strings))) + "\n" + strings[.usageHint])
            return 2
        }
        do {
            file = try loadConfiguration(options.configPath)
        } catch {
            strings = builtInStrings(flag: options.language)
            printError(strings.format(.commandLineError, .string(error.message(strings))) + "\n" + strings[.usageHint])
            return 2
        }
        let configuration = file.configuration
        if case .strings(let words) = options.command {
            return StringsCommand.main(words, options: options, configuration: configuration, environment: environment)
        }
        guard let chosen = StringsSetup.strings(options: options, configuration: configuration,
                                                environment: environment) else { return 2 }
        strings = chosen
        switch options.command {
        case .help:
            print(strings[.commandLineHelp])
            return 0
        case .version:
            print("fauth-tui \(version)")
            return 0
        case .emulator:
            return EmulatorCommand.run(options: options, environment: environment, strings: strings)
        case .inbox, .signIn, .strings:
            break
        }
        let backend: Backend
        do {
            backend = try Backend.open(options: options, environment: environment)
        } catch {
            switch error {
            case .endpoint(let problem):
                let message = strings.format(.usageBadEmulatorAddress, .string(problem.address))
                printError(strings.format(.commandLineError, .string(message)) + "\n" + strings[.usageHint])
                return 2
            case .store(let path, let failure):
                printError(StoreErrorMessages.message(for: failure, path: path, strings: strings))
                return 1
            }
        }
        if options.command == .inbox {
            guard let inbox = backend.inbox else {
                printError(strings.format(.commandLineError, .string(strings[.notImplemented])))
                return 1
            }
            return await printInbox(inbox)
        }
        let service = (options.providers ?? file.providers ?? [.email]).reduce(
            AuthService(configuration: configuration, client: backend.client)) { $0.registering($1) }
        return await runInterface(service: service, backend: backend, strings: strings, options: options,
                                  environment: environment)
    }

    private static func runInterface(service: AuthService, backend: Backend, strings: Strings,
                                     options: LaunchOptions, environment: [String: String]) async -> Int32 {
        let theme: Theme
        let terminal: NcursesTerminal
        do {
            theme = try ThemeLoader.load(options.theme ?? "default")
            let colors = (environment["NO_COLOR"] ?? "").isEmpty
            terminal = try NcursesTerminal(theme: theme, colors: colors)
        } catch {
            let reason = (error as? TerminalError).map { TerminalErrorMessages.message(for: $0, strings: strings) }
                ?? "\(error)"
            printError(strings.format(.terminalStartError, .string(reason)))
            return 1
        }
        let controller = AuthPickerController(service: service, inbox: backend.inbox, storage: backend.storage,
                                              strings: strings, terminal: terminal,
                                              backendLabel: badge(for: backend.location, strings: strings,
                                                                  environment: environment),
                                              phoneNeedsAppVerification: backend.isLiveProject,
                                              defaultCountry: defaultCountry(service.configuration, environment: environment))
        let final = await controller.run(exitAfterFirstFrame: options.exitAfterFirstFrame) {
            terminal.pendingTermination != nil
        }
        terminal.restore()
        if let signal = terminal.pendingTermination { return 128 + signal }
        if options.exitAfterFirstFrame { return 0 }
        guard let user = final.currentUser else { return 1 }
        if user.isAnonymous {
            ConsoleOutput.print(strings.format(.signedInAsGuest, .string(user.uid)))
        } else {
            ConsoleOutput.print(strings.format(.signedInAs, .string(user.email ?? user.displayName ?? user.phoneNumber ?? user.uid)))
        }
        return 0
    }

    /// The discreet name of the active backend: the local store's path, or the Firebase endpoint.
    private static func badge(for location: Backend.Location, strings: Strings,
                              environment: [String: String]) -> String {
        switch location {
        case .local(let path): strings.format(.localBackendBadge, .string(abbreviatingHome(path, environment: environment)))
        case .firebase(let endpoint): endpoint.label
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

    /// `fauth-tui inbox`: one tab-separated line per message (sent, kind, recipient, code, link), oldest first.
    private static func printInbox(_ inbox: any MessageInbox) async -> Int32 {
        do {
            let formatter = ISO8601DateFormatter()
            for message in try await inbox.messages() {
                let fields = [formatter.string(from: message.sentAt), message.kind.rawValue, message.recipient,
                              message.code, message.link ?? ""]
                ConsoleOutput.print(fields.map(TextWidth.sanitized).joined(separator: "\t"))
            }
            return 0
        } catch {
            printError("fauth-tui: \(error.code.rawValue)")
            return 1
        }
    }

    /// The phone screens' first country: configured, else the region of the POSIX locale (`ja_JP.UTF-8` → Japan),
    /// else FirebaseUI's US.
    private static func defaultCountry(_ configuration: AuthConfiguration, environment: [String: String]) -> Country {
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

    private static func printError(_ message: String) {
        ConsoleOutput.printError(message)
    }
}
