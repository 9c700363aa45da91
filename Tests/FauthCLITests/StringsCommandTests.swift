import AuthCore
import Foundation
import Localization
import Testing
@testable import FauthCLI

/// A temporary folder of files for one test, removed when the test ends.
private final class Scratch {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-command-\(UUID())")

    init(_ files: [String: String]) throws {
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

private let keyCount = StringKey.allCases.count

@Suite("fauth-tui strings: list, check and export")
struct StringsCommandTests {
    /// Runs `fauth-tui strings <arguments>` as the command line would.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> StringsCommand.Outcome {
        let options = try LaunchOptions.parse(["strings"] + arguments)
        let command = try #require(CommandRegistry.command(options.command) as? StringsCommand)
        return command.report(Invocation(options: options, file: ConfigurationFile(), environment: environment))
    }

    /// The entries of `.strings` text (`list` and `export` print valid `.strings` files).
    private func entries(_ text: String) throws -> [String: String] {
        try StringsFileParser.parse(Data(text.utf8), path: "output.strings")
    }

    @Test func listPrintsEveryKeyWithItsTextAndSource() throws {
        let outcome = try run(["list"], environment: ["LANG": "C.UTF-8"])
        #expect(outcome.status == 0 && outcome.errors.isEmpty)
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.first == "// language: en; strings bundle: none")
        #expect(lines.count == keyCount + 1)
        #expect(lines.contains(#""Login" = "Sign in"; // built-in en"#))
        let english = Strings.builtIn(language: "en")
        #expect(try entries(outcome.output) == Dictionary(uniqueKeysWithValues: StringKey.allCases.map {
            ($0.rawValue, english[$0])
        }))
    }

    @Test func listShowsCustomValuesFallbacksAndWarningsForTheNegotiatedLanguage() throws {
        let scratch = try Scratch(["b/eo.lproj/Localizable.strings": "\"Cancel\" = \"Nuligi\";\n\"InboxTo\" = \"%d\";"])
        let outcome = try run(["list", "--strings", scratch.path("b")], environment: ["LANG": "eo.UTF-8"])
        #expect(outcome.status == 0)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        let file = scratch.path("b/eo.lproj/Localizable.strings")
        #expect(lines.first == "// language: eo; strings bundle: \(scratch.path("b"))")
        #expect(lines.contains(#""Cancel" = "Nuligi"; // custom "# + file))
        #expect(lines.contains(#""OK" = "OK"; // built-in en (fallback)"#))
        #expect(lines.contains(#""InboxTo" = "To: %@"; // built-in en (fallback)"#))
        #expect(lines.last == "// warning: \(file): \"InboxTo\" has %1$d but English has %1$@; using the fallback")
    }

    @Test func listLangFlagWinsOverTheEnvironment() throws {
        let outcome = try run(["list", "--lang=en-XA"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(outcome.output.hasPrefix("// language: en-XA;"))
        #expect(outcome.output.contains("\"Cancel\" = \"\(PseudoLocale.transform("Cancel"))\"; // built-in en-XA"))
    }

    @Test func listWithAnUnreadableBundleExitsTwo() throws {
        let scratch = try Scratch(["bad.strings": "\"a\" = \"b\"\n"])
        let outcome = try run(["list", "--strings", scratch.path("bad.strings")])
        #expect(outcome == StringsCommand.Outcome(
            errors: "fauth-tui: \(scratch.path("bad.strings")):1:10: expected ';' after the value", status: 2))
    }

    @Test func checkReportsCoverageAndFormatErrorsPerLanguage() throws {
        let scratch = try Scratch([
            "b/de.lproj/Localizable.strings": "\"Cancel\" = \"Abbrechen\";\n\"InboxTo\" = \"An: %d\";\n\"Nope\" = \"x\";",
            "b/fr.lproj/Localizable.strings": "\"Cancel\" = \"Annuler\";",
        ])
        let outcome = try run(["check", scratch.path("b")])
        #expect(outcome.status == 1)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        let german = scratch.path("b/de.lproj/Localizable.strings")
        let french = scratch.path("b/fr.lproj/Localizable.strings")
        let percent = String(Double(1000 / keyCount) / 10)
        #expect(lines.first == "de \(percent)% (1/\(keyCount)) \(german)")
        #expect(lines.contains("  missing \"OK\""))
        #expect(!lines.contains("  missing \"Cancel\""))
        #expect(lines.contains("  unknown key \"Nope\""))
        #expect(lines.contains("  error: \(german): \"InboxTo\" has %1$d but English has %1$@; using the fallback"))
        #expect(lines.contains("fr \(percent)% (1/\(keyCount)) \(french)"))
        #expect(lines.last == "1 error")
    }

    @Test func checkOfACleanPartialBundleExitsZero() throws {
        let scratch = try Scratch(["app.strings": "\"Sign in with Firebase\" = \"Welcome back!\";"])
        let outcome = try run(["check", scratch.path("app.strings")])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("* "))
        #expect(outcome.output.hasSuffix("\nno errors\n"))
    }

    @Test func checkOfAMalformedCatalogPrintsFileLineAndColumn() throws {
        let scratch = try Scratch(["Localizable.xcstrings": "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {,}\n}"])
        let outcome = try run(["check", scratch.path("Localizable.xcstrings")])
        #expect(outcome == StringsCommand.Outcome(
            output: "\(scratch.path("Localizable.xcstrings")):3:15: expected a member name in quotes\n1 error\n",
            status: 1))
    }

    /// Issue 32 item 9: the last of two values silently won.
    @Test func checkReportsARepeatedKeyWhereItRepeats() throws {
        let scratch = try Scratch([
            "b/de.lproj/Localizable.strings": "\"Cancel\" = \"Abbrechen\";\n\"OK\" = \"OK\";\n\"Cancel\" = \"Zurück\";\n",
        ])
        let outcome = try run(["check", scratch.path("b")])
        let german = scratch.path("b/de.lproj/Localizable.strings")
        #expect(outcome.output.contains("\n  error: \(german):3:1: duplicate key \"Cancel\"; the last value is used\n"))
        #expect(outcome.status == 1)
    }

    @Test(arguments: [("little", [0x22, 0x00, 0x4F, 0x00]), ("big", [0x00, 0x22, 0x00, 0x4F])])
    func checkNamesUTF16WithoutAByteOrderMark(order: String, start: [UInt8]) throws {
        let scratch = try Scratch([:])
        try FileManager.default.createDirectory(at: scratch.folder, withIntermediateDirectories: true)
        try Data(start).write(to: scratch.folder.appendingPathComponent("app.strings"))
        let outcome = try run(["check", scratch.path("app.strings")])
        #expect(outcome.output == "\(scratch.path("app.strings")):1:1: text is UTF-16 (\(order)-endian) without a byte "
                + "order mark; save it as UTF-8, or as UTF-16 with a byte order mark\n1 error\n")
    }

    @Test func checkReportsEverySyntaxErrorOfAFile() throws {
        let scratch = try Scratch(["app.strings": "\"a\" = \"b\"\n\"c\" = \"d\";\n\"e\" \"f\";\n\"g\" = \"h\";\n"])
        let outcome = try run(["check", scratch.path("app.strings")])
        let file = scratch.path("app.strings")
        #expect(outcome.output == "\(file):1:10: expected ';' after the value\n"
                + "\(file):3:4: expected '=' after the key\n2 errors\n")
        #expect(outcome.status == 1)
    }

    @Test func checkFlagsAnEmptyCatalogValue() throws {
        let scratch = try Scratch(["Localizable.xcstrings": """
            {"sourceLanguage": "en", "strings": {
              "Cancel": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Abbrechen"}}}},
              "OK": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": ""}}}}}}
            """])
        let outcome = try run(["check", scratch.path("Localizable.xcstrings")])
        #expect(outcome.output.contains("  error: \(scratch.path("Localizable.xcstrings")):3:49: \"OK\" has an empty value; "
                                        + "the fallback is shown\n"), "\(outcome.output)")
        #expect(outcome.status == 1)
    }

    /// A relative bundle path was printed absolute.
    @Test func checkPrintsPathsAsGiven() throws {
        let scratch = try Scratch(["b/fr.lproj/Localizable.strings": "\"Cancel\" = \"Annuler\";"])
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + scratch.path("b").dropFirst() + "/"
        let outcome = try run(["check", relative])
        #expect(outcome.output.hasPrefix("fr "))
        #expect(outcome.output.contains(" \(relative)fr.lproj/Localizable.strings\n"), "\(outcome.output)")
    }

    @Test func checkBuiltinCoversEveryBuiltInLanguageCompletely() throws {
        let outcome = try run(["check", "--builtin"])
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(lines.dropLast().map { String($0.prefix { $0 != " " }) } == Strings.builtInLanguages)
        #expect(lines.dropLast().allSatisfy { $0.contains(" 100.0% (\(keyCount)/\(keyCount)) ") })
        #expect(lines.last == "no errors")
    }

    @Test func exportWritesATemplateWithEnglishCommentsAndCurrentValues() throws {
        let outcome = try run(["export", "--lang", "en-XA"])
        #expect(outcome.status == 0)
        let expected = Dictionary(uniqueKeysWithValues: StringKey.allCases.map {
            ($0.rawValue, Strings.builtIn(language: "en-XA")[$0])
        })
        #expect(try entries(outcome.output) == expected)
        #expect(outcome.output.hasPrefix("/* fauth-tui strings for en-XA: \(keyCount) keys, \(keyCount) translated."))
        #expect(outcome.output.contains("\n\n/* en: Sign in */\n\"Login\" = \"\(PseudoLocale.transform("Sign in"))\";\n"))
    }

    @Test func exportForALanguageWithoutTranslationsHasEmptyValues() throws {
        let outcome = try run(["export", "--lang", "eo"])
        #expect(outcome.output.hasPrefix("/* fauth-tui strings for eo: \(keyCount) keys, 0 translated."))
        let values = try entries(outcome.output)
        #expect(values.count == keyCount)
        #expect(values.values.allSatisfy { $0.isEmpty })
    }

    @Test func exportIncludesTheBundlesTranslations() throws {
        let scratch = try Scratch(["eo.lproj/Localizable.strings": "\"Cancel\" = \"Nuligi\";"])
        let outcome = try run(["export", "--lang", "eo", "--strings", scratch.folder.path])
        let values = try entries(outcome.output)
        #expect(values["Cancel"] == "Nuligi")
        #expect(values["OK"] == "")
        #expect(outcome.output.contains("\(keyCount) keys, 1 translated."))
    }
}

@Suite("Strings setup for a run: language and bundle")
struct StringsSetupTests {
    @Test func negotiatesFromFlagThenConfigurationThenEnvironment() throws {
        let scratch = try Scratch(["de.lproj/Localizable.strings": "\"Cancel\" = \"Nö\";",
                                   "eo.lproj/Localizable.strings": "\"Cancel\" = \"Nuligi\";"])
        let bundle = try StringsBundle.load(path: scratch.folder.path)
        func language(flag: String?, configured: String?, _ environment: [String: String]) -> String {
            var options = LaunchOptions()
            options.language = flag
            return StringsSetup.language(options: options, configuration: AuthConfiguration(languageCode: configured),
                                         environment: environment, bundle: bundle)
        }
        #expect(language(flag: "de", configured: "eo", ["LANG": "en_US.UTF-8"]) == "de")
        #expect(language(flag: nil, configured: "eo", ["LANG": "de_DE.UTF-8"]) == "eo")
        #expect(language(flag: nil, configured: nil, ["LC_ALL": "eo", "LC_MESSAGES": "de", "LANG": "de"]) == "eo")
        #expect(language(flag: nil, configured: nil, ["LC_MESSAGES": "de_AT", "LANG": "eo"]) == "de-AT")
        #expect(language(flag: nil, configured: nil, ["LC_MESSAGES": "de_LU", "LANG": "eo"]) == "de")
        #expect(language(flag: nil, configured: nil, ["LANG": "C"]) == "en")
        #expect(language(flag: "tlh", configured: nil, ["LANG": "eo_XX.UTF-8"]) == "eo")
        #expect(language(flag: "en-XA", configured: nil, [:]) == "en-XA")
    }

    @Test func bundleLanguagesThatNoBuiltInServesBecomeAvailable() throws {
        let scratch = try Scratch(["en_GB.lproj/Localizable.strings": "\"Cancel\" = \"Cancel\";",
                                   "eo.lproj/Localizable.strings": "\"Cancel\" = \"Nuligi\";"])
        let available = StringsSetup.availableLanguages(bundle: try StringsBundle.load(path: scratch.folder.path))
        #expect(available == Strings.builtInLanguages + ["eo"])
    }

    @Test func flagBundleIsRelativeToTheWorkingDirectoryAndConfigBundleToTheConfigFile() throws {
        let scratch = try Scratch(["conf/strings/app.strings": "\"Cancel\" = \"From config\";",
                                   "flag.strings": "\"Cancel\" = \"From flag\";"])
        var options = LaunchOptions()
        options.configPath = scratch.path("conf/fauth.json")
        let configuration = AuthConfiguration(customStringsBundle: "strings/app.strings")
        let fromConfig = try StringsSetup.loadBundle(options: options, configuration: configuration)
        #expect(fromConfig?.path == scratch.path("conf/strings/app.strings"))
        options.stringsPath = scratch.path("flag.strings")
        let fromFlag = try StringsSetup.loadBundle(options: options, configuration: configuration)
        #expect(fromFlag?.path == scratch.path("flag.strings"))
        #expect(try StringsSetup.loadBundle(options: LaunchOptions(), configuration: AuthConfiguration()) == nil)
    }

    @Test func loadAppliesTheBundleAndReportsWarnings() throws {
        let scratch = try Scratch(["app.strings": "\"Sign in with Firebase\" = \"Welcome back!\";\n\"InboxTo\" = \"%d\";"])
        var options = LaunchOptions()
        options.stringsPath = scratch.path("app.strings")
        var warnings: [String] = []
        let strings = try StringsSetup.load(options: options, configuration: AuthConfiguration(),
                                            environment: ["LANG": "en_US.UTF-8"]) { warnings.append($0) }
        #expect(strings[.signInWithFirebase] == "Welcome back!")
        #expect(warnings == ["fauth-tui: warning: \(scratch.path("app.strings")): \"InboxTo\" has %1$d but English "
            + "has %1$@; using the fallback"])
    }

    @MainActor @Test func aBadBundleStopsTheRunWithStatusTwo() async throws {
        let scratch = try Scratch(["bad.strings": "\"a\" = "])
        #expect(await Program.main(arguments: ["--strings", scratch.path("bad.strings"), "--help"],
                                   environment: [:]) == 2)
        #expect(await Program.main(arguments: ["--strings", scratch.path("missing"), "--help"],
                                   environment: [:]) == 2)
        // The version is printed before anything is read, as `--version` does in other tools.
        #expect(await Program.main(arguments: ["--strings", scratch.path("missing"), "--version"],
                                   environment: [:]) == 0)
    }

    @MainActor @Test func theGroupAloneOrWithAnUnknownWordIsAUsageError() async {
        #expect(await Program.main(arguments: ["strings"], environment: [:]) == 2)
        #expect(await Program.main(arguments: ["strings", "translate"], environment: [:]) == 2)
        #expect(await Program.main(arguments: ["strings", "translate", "--help"], environment: [:]) == 0)
    }
}
