import AuthCore
import AuthScreens
import FauthTUI
import FoundationEssentials
import Localization
import TerminalUI

/// What a command runs with: its command line, the configuration file and the environment, and the steps most
/// commands take before their work.
struct Invocation: Sendable {
    let options: LaunchOptions
    let file: ConfigurationFile
    let environment: [String: String]

    var configuration: AuthConfiguration { file.configuration }

    /// The built-in strings in the language `flag` and the environment ask for, for problems told before the
    /// run's own strings are known.
    func builtInStrings(flag: String?) -> Strings {
        Strings.builtIn(language: LanguageNegotiation.choose(
            requested: LanguageNegotiation.requested(flag: flag, configured: nil, environment: environment),
            available: Strings.builtInLanguages))
    }

    /// The run's strings (the app's bundle over the built-in tables) and the languages that have strings; a bundle
    /// that cannot be read is told in the built-in language `--lang` asks for (exit 2).
    func loadStrings() throws(Exit) -> (strings: Strings, languages: [String]) {
        do {
            return try StringsSetup.strings(options: options, configuration: configuration, environment: environment)
        } catch {
            // `fauth-tui: <file>:<line>:<col>: <message>`
            Console(strings: builtInStrings(flag: options.language), environment: environment)
                .printError("fauth-tui: \(error)")
            throw Exit(status: 2)
        }
    }

    /// The run's strings, with the launch warnings told on standard error.
    func start() throws(Exit) -> Strings {
        let (strings, languages) = try loadStrings()
        LaunchWarnings.print(LaunchWarnings.collect(options: options, file: file, languages: languages,
                                                    shown: strings),
                             strings: strings, console: console(strings))
        return strings
    }

    /// Where the command's messages go, in `strings`' language and direction.
    func console(_ strings: Strings) -> Console {
        Console(strings: strings, environment: environment)
    }

    /// The backend the command line and environment name. The interface checks the store once its first frame is
    /// drawn (`defersStoreCheck`); every other command before it starts.
    func openBackend(strings: Strings, defersStoreCheck: Bool = false) throws(Exit) -> Backend {
        do {
            return try Backend.open(options: options, environment: environment,
                                    recentLoginMaxAge: file.recentLoginMaxAge, defersStoreCheck: defersStoreCheck)
        } catch {
            throw failure(error, strings: strings)
        }
    }

    /// Says why no backend could be used; exit 2 for a problem with the command line, else 1.
    func failure(_ failure: Backend.Failure, strings: Strings) -> Exit {
        switch failure {
        case .usage(let problem):
            return usageFailure(problem.message, strings: strings)
        case .store(let store, let error):
            console(strings).printError(StoreErrorMessages.message(for: error, path: store.path, strings: strings))
            return Exit(status: store.isDefault ? 1 : 2)
        case .missingLibrary(let library):
            console(strings).printError(Self.missingLibraryMessage(library, strings: strings))
            return Exit(status: 1)
        }
    }

    /// "fauth-tui: libcurl.so.4 cannot be loaded … sudo apt-get install libcurl4".
    static func missingLibraryMessage(_ library: OptionalLibrary, strings: Strings) -> String {
        strings.format(.libraryMissing, .string(library.soname), .string(library.package))
    }

    /// Prints a command-line problem with a pointer to the command's help; exit status 2.
    func usageFailure(_ message: (Strings) -> String, strings: Strings) -> Exit {
        Self.printUsageFailure(message, command: options.command, strings: strings, environment: environment)
        return Exit(status: 2)
    }

    /// Prints a command-line problem with a pointer to `command`'s help.
    static func printUsageFailure(_ message: (Strings) -> String, command: CommandName, strings: Strings,
                                  environment: [String: String]) {
        Console(strings: strings, environment: environment)
            .printError(strings.format(.commandLineError, .string(message(strings))) + "\n"
                        + strings.format(.usageHint, .string(command.rawValue)))
    }

    /// The discreet name of the active backend: the local store's path, or the Firebase endpoint.
    func badge(for location: Backend.Location, strings: Strings) -> BackendBadge {
        switch location {
        case .local(let path):
            let address = abbreviatingHome(path)
            return BackendBadge(text: strings.format(.localBackendBadge, .string(address)), address: address)
        case .firebase(let endpoint):
            return BackendBadge(text: endpoint.label, address: endpoint.address)
        }
    }

    private func abbreviatingHome(_ path: String) -> String {
        guard let home = environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
