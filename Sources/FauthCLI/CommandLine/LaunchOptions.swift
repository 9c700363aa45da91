import AuthCore
import FirebaseAuthREST
import FoundationEssentials
import Localization

/// What `fauth-tui` was asked to do, parsed from its arguments by the declarations in `OptionDeclaration`.
public struct LaunchOptions: Equatable, Sendable {
    /// What to do with the command.
    public enum Action: Equatable, Sendable {
        case run
        /// `--help`: print the command's help.
        case help
        /// `--version`: print the version.
        case version
    }

    public var command: CommandName = .signIn
    public var action: Action = .run
    /// The words after the command that are not options (`strings check PATH`).
    public var arguments: [String] = []
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
    /// `fauth-tui emulator --port N`: the port (the Firebase emulator's by default; 0 picks a free one).
    public var port = UInt16(FirebaseEndpoint.defaultEmulatorPort)
    /// `fauth-tui emulator --allow-remote`: allow a host that is not a loopback address.
    public var allowRemote = false
    /// `--json` (`fauth-tui` and `fauth-tui status`): print the result as a JSON object for scripts.
    public var printsJSON = false
    /// `--plain`: numbered choices and line prompts instead of the full-screen interface.
    public var isPlain = false
    /// `fauth-tui token --force-refresh`: refresh the ID token even when it is still fresh.
    public var forcesRefresh = false
    /// `fauth-tui strings check --builtin`: check the built-in tables instead of a bundle.
    public var checksBuiltIn = false
    /// `--first-frame-exit`: draw one frame and exit (for benchmarks and smoke tests).
    public var exitAfterFirstFrame = false
    /// The options of `fauth-tui emulator` (see `EmulatorOptions`).
    public var emulatorOptions = EmulatorOptions()
    /// Things accepted but worth a word before the command runs (e.g. a provider listed twice).
    public var warnings: [LocalizedText] = []

    public init() {}
}

/// A command line that cannot be run; printed with a pointer to the command's help, exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let text: LocalizedText
    /// The command whose help explains the right usage.
    public var command: CommandName = .signIn

    public init(_ key: StringKey, _ arguments: LocalizedText.Argument...) {
        text = LocalizedText(key, arguments)
    }

    /// The explanation in `strings`' language.
    public func message(_ strings: Strings) -> String { text.message(strings) }

    /// The explanation in English (logs, tests).
    public var description: String { text.description }
}

extension LaunchOptions {
    /// Parses arguments (without the program name). The leading words name the command; options may come
    /// before or after them, as `--flag value` or `--flag=value`, and must belong to that command.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var flags: [(name: String, value: String?)] = []
        var words: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-"), argument.count > 1 else {
                words.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            // Refused before anything else: the value must not end up as a command word in a message.
            if name == "--password" { throw UsageError(.usagePasswordOnCommandLine) }
            var value = inlineValue
            if value == nil, OptionDeclaration.named(name)?.takesValue == true,
               let next = remaining.first, !next.hasPrefix("--") {
                value = remaining.popFirst()
            }
            flags.append((name, value))
        }
        var options = LaunchOptions()
        (options.command, options.arguments) = CommandName.resolve(words)
        do throws(UsageError) {
            for (name, value) in flags {
                try options.apply(name, value)
            }
            if options.action == .run { try CommandRegistry.command(options.command).checkArguments(of: options) }
        } catch {
            var error = error
            error.command = options.command
            throw error
        }
        return options
    }

    /// Applies one option, refusing what the command does not accept.
    private mutating func apply(_ name: String, _ value: String?) throws(UsageError) {
        guard let declaration = OptionDeclaration.named(name) else {
            throw UsageError(.usageUnknownOption, .string(name))
        }
        guard CommandRegistry.options(of: command).contains(where: { $0.name == declaration.name }) else {
            let owners = CommandRegistry.commands(accepting: declaration).map(\.rawValue)
            throw UsageError(.usageOptionOfOtherCommand, .string(name), .list(owners))
        }
        switch declaration.effect {
        case .flag(let apply):
            guard value == nil else { throw UsageError(.usageTakesNoValue, .string(name)) }
            apply(&self)
        case .value(_, let apply):
            guard let value else { throw UsageError(.usageNeedsValue, .string(name)) }
            try apply(&self, value)
        }
    }

    /// `--providers a,b,c`: the methods in order; one listed twice is offered once, with a warning.
    mutating func setProviders(_ list: String) throws(UsageError) {
        var chosen: [AuthProvider] = []
        for name in list.split(separator: ",").map({ $0.trimmingWhitespace() }) where !name.isEmpty {
            guard let provider = AuthProvider(name: name) else {
                throw UsageError(.usageUnknownProvider, .string(name))
            }
            if chosen.contains(where: { $0.providerID == provider.providerID }) {
                warnings.append(LocalizedText(.warningDuplicateProvider, [.string("--providers"), .string(name)]))
            } else {
                chosen.append(provider)
            }
        }
        guard !chosen.isEmpty else { throw UsageError(.usageNoProviders) }
        providers = chosen
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
