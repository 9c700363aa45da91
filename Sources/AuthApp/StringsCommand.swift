import AuthCore
import FoundationEssentials
import Glibc
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
/// The output is English: these are developer tools. Their options are declared in `OptionTable`.
enum StringsCommand {
    /// What the command printed and its exit status (0 fine, 1 errors found, 2 bad command line or bundle).
    struct Outcome: Equatable, Sendable {
        var output = ""
        var errors = ""
        var status: Int32 = 0
    }

    /// The parsed command line (the subcommand, its options and arguments), configuration and environment.
    struct Context: Sendable {
        var options = LaunchOptions()
        var configuration = AuthConfiguration()
        var environment: [String: String] = [:]
    }

    /// What a subcommand does (nil for other commands); `LaunchOptions.parse` has checked its options and arguments.
    static func subcommand(_ command: CommandName) -> (@Sendable (Context) -> Outcome)? {
        switch command {
        case .stringsList: list
        case .stringsCheck: check
        case .stringsExport: export
        default: nil
        }
    }

    /// Runs `options.command` when it is a `strings` subcommand, prints its output and returns its status;
    /// nil for any other command.
    static func main(options: LaunchOptions, configuration: AuthConfiguration, environment: [String: String])
        -> Int32? {
        guard let run = subcommand(options.command) else { return nil }
        let outcome = run(Context(options: options, configuration: configuration, environment: environment))
        ConsoleOutput.write(outcome.output, to: STDOUT_FILENO)
        if !outcome.errors.isEmpty {
            // Problems with a bundle's files are told in English, like the reports.
            Console(strings: .builtIn(language: "en"), environment: environment).printError(outcome.errors)
        }
        return outcome.status
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
            return Outcome(errors: "fauth-tui: \(error)", status: 2)
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
            return Outcome(errors: "fauth-tui: \(error)", status: 2)
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

    private static func check(_ context: Context) -> Outcome {
        guard let path = context.options.arguments.first else {
            return report(StringsCoverage.builtIn(), strict: true)
        }
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
