import AuthCore
import Foundation
import Localization

/// What `fauth-tui` was asked to do, parsed from its arguments.
public struct LaunchOptions: Equatable, Sendable {
    /// The command to run.
    public enum Command: Equatable, Sendable {
        /// The interactive sign-in UI.
        case signIn
        /// Print the messages in the backend's outbox (emails and SMS) for scripts.
        case inbox
        /// Serve the embedded engine over Firebase's Identity Toolkit REST API.
        case emulator
        /// Translator tools (`strings list|check|export …`) with the arguments after `strings`.
        case strings([String])
        case help
        case version
    }

    public var command: Command = .signIn
    /// `--store PATH`: the local account store; `:memory:` for a throwaway run.
    public var storePath: String?
    /// `--config FILE`: JSON mirroring `AuthConfiguration`.
    public var configPath: String?
    /// `--lang CODE`: the language to show.
    public var language: String?
    /// `--strings PATH`: an app's `.strings` file, `.xcstrings` file or folder of `.lproj` folders.
    public var stringsPath: String?
    /// `--theme NAME|FILE`: a built-in theme name or a theme file.
    public var theme: String?
    /// `--providers a,b,c`: the sign-in methods to offer, in order (see `AuthProvider.init(name:)`).
    public var providers: [AuthProvider]?
    /// `--api-key KEY`: use the Firebase project with this Web API key instead of the local backend.
    public var apiKey: String?
    /// `--emulator HOST:PORT`: use a Firebase Auth emulator (Firebase's own, or `fauth-tui emulator`).
    public var emulator: String?
    /// `--project ID`: the emulator's project.
    public var project: String?
    /// `fauth-tui emulator --host ADDRESS`: where to listen (loopback by default).
    public var host = "127.0.0.1"
    /// `fauth-tui emulator --port N`: the port (9099, the Firebase emulator's, by default; 0 picks a free one).
    public var port: UInt16 = 9099
    /// `fauth-tui emulator --allow-remote`: allow a host that is not a loopback address.
    public var allowRemote = false
    /// `--first-frame-exit`: draw one frame and exit (for benchmarks and smoke tests).
    public var exitAfterFirstFrame = false
    /// The options of `fauth-tui emulator` (see `EmulatorOptions`).
    public var emulatorOptions = EmulatorOptions()

    public init() {}
}

/// A command line that cannot be run; printed with the usage and exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The localized sentence that explains the problem.
    public let key: StringKey
    public let arguments: [FormatArgument]

    public init(_ key: StringKey, _ arguments: FormatArgument...) {
        self.key = key
        self.arguments = arguments
    }

    /// The explanation in `strings`' language.
    public func message(_ strings: Strings) -> String { strings.format(key, arguments: arguments) }

    /// The explanation in English (logs, tests).
    public var description: String { message(.builtIn(language: "en")) }
}

extension LaunchOptions {
    /// Parses arguments (without the program name); `--flag value` and `--flag=value` both work.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, inlineValue) = split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(.usageNeedsValue, .string(flag))
                }
                return next
            }
            switch flag {
            case "-h", "--help": options.command = .help
            case "--version": options.command = .version
            case "--store": options.storePath = try value()
            case "--config": options.configPath = try value()
            case "--lang": options.language = try value()
            case "--strings": options.stringsPath = try value()
            case "--theme": options.theme = try value()
            case "--providers": options.providers = try parseProviders(try value())
            case "--api-key": options.apiKey = try value()
            case "--emulator": options.emulator = try value()
            case "--project": options.project = try value()
            case "--host": options.host = try value()
            case "--port":
                let text = try value()
                guard let port = UInt16(text) else { throw UsageError(.usageBadPort) }
                options.port = port
            case "--allow-remote": options.allowRemote = true
            case _ where EmulatorOptions.flags.contains(flag): try options.emulatorOptions.take(flag, value: value)
            case "emulator" where options.command == .signIn: options.command = .emulator
            case "--first-frame-exit": options.exitAfterFirstFrame = true
            case "--password":
                throw UsageError(.usagePasswordOnCommandLine)
            case "inbox" where options.command == .signIn: options.command = .inbox
            case "strings" where options.command == .signIn:
                options.command = .strings(Array(remaining))
                remaining = []
            default:
                throw UsageError(flag.hasPrefix("-") ? .usageUnknownOption : .usageUnknownCommand, .string(flag))
            }
        }
        return options
    }

    private static func parseProviders(_ list: String) throws(UsageError) -> [AuthProvider] {
        var providers: [AuthProvider] = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let provider = AuthProvider(name: name) else {
                throw UsageError(.usageUnknownProvider, .string(name))
            }
            if !providers.contains(provider) { providers.append(provider) }
        }
        guard !providers.isEmpty else { throw UsageError(.usageNoProviders) }
        return providers
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
