import AuthCore
import Foundation
import Localization

/// `fauth-tui strings …`: tools for translators and for apps that bring their own strings.
///
/// - `list [--lang L] [--strings PATH]`: every key with its resolved text and where that came from, as a
///   `.strings` file with the source in a trailing comment.
/// - `check PATH` / `check --builtin`: coverage and format errors of a bundle (or of every built-in language)
///   against the keys the app uses. For a bundle only unreadable files and refused values are errors; for the
///   built-in tables missing and unknown keys are errors too.
/// - `export [--lang L] [--strings PATH]`: a `.strings` template with the English text as comments and the
///   current translation (empty when there is none, and for a language that is not available at all).
///
/// The output is English: these are developer tools.
enum StringsCommand {
    /// What the command printed and its exit status (0 fine, 1 errors found, 2 bad command line or bundle).
    struct Outcome: Equatable {
        var output = ""
        var errors = ""
        var status: Int32 = 0
    }

    /// Where the command's defaults come from: the global flags, the configuration and the environment.
    struct Context {
        var options = LaunchOptions()
        var configuration = AuthConfiguration()
        var environment: [String: String] = [:]
    }

    static let usage = "usage: fauth-tui strings list [--lang L] [--strings PATH]\n"
        + "       fauth-tui strings check PATH | --builtin\n"
        + "       fauth-tui strings export [--lang L] [--strings PATH]"

    /// Runs `strings` with `arguments` (the words after `strings`), prints its output and returns its status.
    static func main(_ arguments: [String], options: LaunchOptions, configuration: AuthConfiguration,
                     environment: [String: String]) -> Int32 {
        let outcome = run(arguments, context: Context(options: options, configuration: configuration,
                                                      environment: environment))
        FileHandle.standardOutput.write(Data(outcome.output.utf8))
        FileHandle.standardError.write(Data(outcome.errors.utf8))
        return outcome.status
    }

    /// Runs `strings` with `arguments` (the words after `strings`).
    static func run(_ arguments: [String], context: Context) -> Outcome {
        do throws(UsageError) {
            guard let subcommand = arguments.first else { throw UsageError(.usageMissingSubcommand) }
            let flags = try Flags.parse(arguments.dropFirst())
            switch subcommand {
            case "list", "export":
                guard flags.paths.isEmpty, !flags.builtIn else { throw UsageError(.usageTooManyArguments) }
                var context = context
                if let language = flags.language { context.options.language = language }
                if let path = flags.strings { context.options.stringsPath = path }
                return subcommand == "list" ? list(context) : export(context)
            case "check":
                guard flags.language == nil, flags.strings == nil,
                      flags.builtIn ? flags.paths.isEmpty : flags.paths.count == 1 else {
                    throw UsageError(.usageCheckArguments)
                }
                return flags.builtIn ? report(StringsCoverage.builtIn(), strict: true) : check(flags.paths[0])
            case "-h", "--help":
                return Outcome(output: usage + "\n")
            default:
                throw UsageError(.usageUnknownCommand, .string(subcommand))
            }
        } catch {
            return Outcome(errors: "fauth-tui: strings: \(error)\n\(usage)\n", status: 2)
        }
    }

    /// The options of every subcommand; each subcommand accepts only its own.
    private struct Flags {
        var language: String?
        var strings: String?
        var builtIn = false
        var paths: [String] = []

        static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Flags {
            var flags = Flags()
            var remaining = arguments
            while let argument = remaining.popFirst() {
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                func value() throws(UsageError) -> String {
                    if argument.hasPrefix("--"), parts.count == 2 { return parts[1] }
                    guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                        throw UsageError(.usageNeedsValue, .string(String(parts[0])))
                    }
                    return next
                }
                switch parts[0] {
                case "--lang": flags.language = try value()
                case "--strings": flags.strings = try value()
                case "--builtin": flags.builtIn = true
                case let other where other.hasPrefix("-"): throw UsageError(.usageUnknownOption, .string(other))
                default: flags.paths.append(argument)
                }
            }
            return flags
        }
    }

    // MARK: list and export

    /// The strings `list` and `export` show, the bundle's path, and whether the language `--lang` asked for is
    /// one that exists (built in or in the bundle).
    private static func resolved(_ context: Context) -> Result<(Strings, String?, Bool), StringsBundleError> {
        do throws(StringsBundleError) {
            let bundle = try StringsSetup.loadBundle(options: context.options, configuration: context.configuration)
            let language = StringsSetup.language(options: context.options, configuration: context.configuration,
                                                 environment: context.environment, bundle: bundle)
            let available = StringsSetup.availableLanguages(bundle: bundle)
            let exists = context.options.language.map { LanguageNegotiation.match($0, available: available) != nil }
            return .success((Strings.load(language: language, bundle: bundle), bundle?.path, exists ?? true))
        } catch {
            return .failure(error)
        }
    }

    private static func list(_ context: Context) -> Outcome {
        switch resolved(context) {
        case .failure(let error):
            return Outcome(errors: "fauth-tui: \(error)\n", status: 2)
        case .success(let (strings, bundlePath, _)):
            var lines = ["// language: \(strings.language); strings bundle: \(bundlePath ?? "none")"]
            for key in StringKey.allCases {
                lines.append(StringsFileWriter.entry(key: key.rawValue, value: strings[key])
                             + " // \(strings.source(of: key))")
            }
            return Outcome(output: (lines + strings.warnings.map { "// warning: \($0)" }).joined(separator: "\n")
                           + "\n")
        }
    }

    private static func export(_ context: Context) -> Outcome {
        switch resolved(context) {
        case .failure(let error):
            return Outcome(errors: "fauth-tui: \(error)\n", status: 2)
        case .success(let (strings, _, exists)):
            let english = Strings.builtIn(language: "en")
            let language = exists ? strings.language : context.options.language ?? strings.language
            let values = StringKey.allCases.map { key -> String in
                switch strings.source(of: key) {
                case .custom, .builtIn: exists ? strings[key] : ""
                case .englishFallback, .key: ""
                }
            }
            let done = values.filter { !$0.isEmpty }.count
            var lines = [
                StringsFileWriter.comment("fauth-tui strings for \(language): \(values.count) keys, \(done) "
                    + "translated. Fill in the empty values; keep every %@ and %d of the English text."),
            ]
            for (key, value) in zip(StringKey.allCases, values) {
                lines += ["", StringsFileWriter.comment("en: " + english[key]),
                          StringsFileWriter.entry(key: key.rawValue, value: value)]
            }
            return Outcome(output: lines.joined(separator: "\n") + "\n")
        }
    }

    // MARK: check

    private static func check(_ path: String) -> Outcome {
        do throws(StringsBundleError) {
            return report(StringsCoverage.bundle(try StringsBundle.load(path: path)), strict: false)
        } catch {
            return Outcome(output: "\(error)\n1 error\n", status: 1)
        }
    }

    /// Prints one block per table; `strict` counts missing and unknown keys as errors.
    private static func report(_ reports: [CoverageReport], strict: Bool) -> Outcome {
        var lines: [String] = []
        var errors = 0
        for report in reports {
            let percent = String(report.percentage) + "%"
            lines.append("\(report.language) \(percent) (\(report.translated)/\(report.total)) \(report.source)")
            let missingLabel = strict ? "error: missing" : "missing"
            let unknownLabel = strict ? "error: unknown key" : "unknown key"
            lines += report.missing.map { "  \(missingLabel) \(StringsFileWriter.quoted($0))" }
            lines += report.unknown.map { "  \(unknownLabel) \(StringsFileWriter.quoted($0))" }
            lines += report.problems.map { "  error: \($0)" }
            errors += report.problems.count + (strict ? report.missing.count + report.unknown.count : 0)
        }
        lines.append(errors == 0 ? "no errors" : errors == 1 ? "1 error" : "\(errors) errors")
        return Outcome(output: lines.joined(separator: "\n") + "\n", status: errors == 0 ? 0 : 1)
    }
}
