import BuildInfo
import FauthTUI
import FoundationEssentials
import Localization

/// The `fauth-tui` program: parses the command line, reads the configuration file, and runs the command the
/// registry has for it.
@MainActor
public enum Program {
    /// What `--version` prints: `fauth-tui 0.1.0 (commit 0123456789ab)`, without the commit when the build
    /// had none.
    static var versionLine: String {
        "fauth-tui \(BuildInfo.version)" + (BuildInfo.commit.map { " (commit \($0.prefix(12)))" } ?? "")
    }

    /// Runs the command and returns the process exit status.
    ///
    /// 0: signed in, as a guest too (or the command succeeded, including `--first-frame-exit`); 1: left without
    /// signing in, nobody signed in for `status`/`token`, or a runtime failure; 2: a bad command line, or a
    /// configuration file, strings bundle, theme or `--store` given on it that cannot be used.
    public static func main(arguments: [String], environment: [String: String]) async -> Int32 {
        // Problems with the command line are told in the environment's language; problems with the
        // configuration file in the language `--lang` asks for, when it asks.
        let bare = Invocation(options: LaunchOptions(), file: ConfigurationFile(), environment: environment)
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(arguments)
        } catch {
            Invocation.printUsageFailure(error.message, command: error.command, strings: bare.builtInStrings(flag: nil),
                              environment: environment)
            return 2
        }
        // The version needs nothing else: no configuration, strings or terminal.
        if options.action == .version {
            print(versionLine)
            return 0
        }
        let file: ConfigurationFile
        do {
            file = try loadConfiguration(options.configPath)
        } catch {
            Invocation.printUsageFailure(error.message, command: options.command,
                              strings: bare.builtInStrings(flag: options.language), environment: environment)
            return 2
        }
        let invocation = Invocation(options: options, file: file, environment: environment)
        do throws(Exit) {
            switch options.action {
            case .help:
                let strings = try invocation.loadStrings().strings
                invocation.console(strings).printOut(HelpText.of(options.command, strings))
                return 0
            case .run, .version:
                return try await CommandRegistry.command(options.command).run(invocation)
            }
        } catch {
            return error.status
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
}
