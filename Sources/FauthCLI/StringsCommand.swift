import AuthCore
import FauthTUI
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
struct StringsCommand: Command {
    /// What the command printed and its exit status (0 fine, 1 errors found, 2 bad command line or bundle).
    struct Outcome: Equatable, Sendable {
        var output = ""
        var errors = ""
        var status: Int32 = 0
    }

    static let list = StringsCommand(name: .stringsList, options: [.config, .lang, .strings], report: listKeys)
    static let check = StringsCommand(name: .stringsCheck, options: [.builtIn], report: checkCoverage)
    static let export = StringsCommand(name: .stringsExport, options: [.config, .lang, .strings],
                                       report: exportTemplate)

    let name: CommandName
    let options: [OptionDeclaration]
    /// What the subcommand prints and its status; `LaunchOptions.parse` has checked its options and arguments.
    let report: @Sendable (Invocation) -> Outcome

    /// `check` takes one bundle path, or `--builtin`; the others take no argument.
    func checkArguments(of options: LaunchOptions) throws(UsageError) {
        guard name == .stringsCheck else {
            if let word = options.arguments.first { throw UsageError(.usageUnexpectedArgument, .string(word)) }
            return
        }
        guard options.checksBuiltIn == options.arguments.isEmpty, options.arguments.count <= 1 else {
            throw UsageError(.usageCheckArguments)
        }
    }

    /// Prints the report, before any strings of the run are loaded (a bundle is what these commands examine).
    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let outcome = report(invocation)
        ConsoleOutput.write(outcome.output, to: STDOUT_FILENO)
        if !outcome.errors.isEmpty {
            // Problems with a bundle's files are told in English, like the reports.
            Console(strings: .builtIn(language: "en"), environment: invocation.environment).printError(outcome.errors)
        }
        return outcome.status
    }

    // MARK: list and export

    /// The strings `list` and `export` show, the bundle's path, and whether the language `--lang` asked for is
    /// one that exists (built in or in the bundle).
    private static func resolved(_ context: Invocation) -> Result<(Strings, String?, Bool), StringsBundleError> {
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

    private static func listKeys(_ context: Invocation) -> Outcome {
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

    private static func exportTemplate(_ context: Invocation) -> Outcome {
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

    private static func checkCoverage(_ context: Invocation) -> Outcome {
        guard let path = context.options.arguments.first else {
            return coverageOutcome(StringsCoverage.builtIn(), strict: true)
        }
        do throws(StringsBundleError) {
            return coverageOutcome(StringsCoverage.bundle(try StringsBundle.load(path: path)), strict: false)
        } catch {
            let problems = everyProblem(error)
            return Outcome(output: problems.map { "\($0)\n" }.joined() + errorCount(problems.count) + "\n", status: 1)
        }
    }

    /// `error` and, for a malformed `.strings` file, every other syntax error in it.
    private static func everyProblem(_ error: StringsBundleError) -> [String] {
        guard case .malformed(let first) = error, first.path.hasSuffix(".strings"),
              let data = FileManager.default.contents(atPath: first.path) else { return [error.description] }
        let problems = StringsFileParser.problems(in: data, path: first.path)
        return problems.isEmpty ? [error.description] : problems.map(\.description)
    }

    private static func errorCount(_ count: Int) -> String {
        count == 0 ? "no errors" : count == 1 ? "1 error" : "\(count) errors"
    }

    /// Prints one block per table; `strict` counts missing and unknown keys as errors.
    private static func coverageOutcome(_ reports: [CoverageReport], strict: Bool) -> Outcome {
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
        lines.append(errorCount(errors))
        return Outcome(output: lines.joined(separator: "\n") + "\n", status: errors == 0 ? 0 : 1)
    }
}
