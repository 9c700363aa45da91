import AuthCore
import Localization
import Testing
@testable import FauthCLI

@Suite struct LaunchOptionsTests {
    @Test func parsesFlagsInBothSpellings() throws {
        let options = try LaunchOptions.parse(["--store", ":memory:", "--lang=ja", "--theme", "high-contrast",
                                               "--config=/tmp/c.json", "--first-frame-exit"])
        var expected = LaunchOptions()
        expected.storePath = ":memory:"
        expected.language = "ja"
        expected.theme = "high-contrast"
        expected.configPath = "/tmp/c.json"
        expected.exitAfterFirstFrame = true
        #expect(options == expected)
        #expect(try LaunchOptions.parse(["--strings", "app/Localizable.strings"]).stringsPath
                == "app/Localizable.strings")
        #expect(try LaunchOptions.parse(["--strings=x.xcstrings"]).stringsPath == "x.xcstrings")
    }

    @Test func commandWordsMayComeBeforeOrAfterOptions() throws {
        var expected = LaunchOptions()
        expected.command = .inbox
        expected.storePath = "x.sqlite"
        #expect(try LaunchOptions.parse(["inbox", "--store", "x.sqlite"]) == expected)
        #expect(try LaunchOptions.parse(["--store", "x.sqlite", "inbox"]) == expected)

        var list = LaunchOptions()
        list.command = .stringsList
        list.language = "fr"
        #expect(try LaunchOptions.parse(["strings", "list", "--lang", "fr"]) == list)
        #expect(try LaunchOptions.parse(["--lang", "fr", "strings", "list"]) == list)

        var check = LaunchOptions()
        check.command = .stringsCheck
        check.arguments = ["app.strings"]
        #expect(try LaunchOptions.parse(["strings", "check", "app.strings"]) == check)
        #expect(try LaunchOptions.parse(["strings", "check", "--builtin"]).checksBuiltIn)
    }

    @Test func parsesTheEmulatorsOptions() throws {
        let options = try LaunchOptions.parse(["emulator", "--host", "::1", "--port=0", "--allow-remote",
                                               "--project", "demo-x", "--store", ":memory:"])
        var expected = LaunchOptions()
        expected.command = .emulator
        expected.host = "::1"
        expected.port = 0
        expected.allowRemote = true
        expected.project = "demo-x"
        expected.storePath = ":memory:"
        #expect(options == expected)
        #expect(try LaunchOptions.parse(["emulator"]).port == 9099)
    }

    @Test func parsesProvidersInOrderWarningOnceForEachRepeat() throws {
        let options = try LaunchOptions.parse(["--providers", "email,emailLink, phone,anonymous,google,x,oidc.line,email"])
        let line = IdentityProviderButton(providerID: "oidc.line", displayName: "line")
        #expect(options.providers == [.email, .emailLink, .phone, .anonymous,
                                      .identityProvider(IdentityProviderButton.builtIn[0]),
                                      .identityProvider(IdentityProviderButton.builtIn[3]), .identityProvider(line)])
        #expect(options.warnings.map(\.description) == ["--providers lists email more than once; it is offered once"])
        #expect(try LaunchOptions.parse(["--providers", "google,google.com"]).warnings.count == 1)
        #expect(try LaunchOptions.parse(["--providers", "google,phone"]).warnings.isEmpty)
    }

    @Test func recognisesCommandsAndActions() throws {
        #expect(try LaunchOptions.parse([]).command == .signIn)
        #expect(try LaunchOptions.parse(["emulator"]).command == .emulator)
        #expect(try LaunchOptions.parse(["--help"]).action == .help)
        #expect(try LaunchOptions.parse(["-h"]).action == .help)
        #expect(try LaunchOptions.parse(["--version"]).action == .version)
        for command in CommandName.allCases {
            let words = command.rawValue.split(separator: " ").dropFirst().map(String.init)
            let options = try LaunchOptions.parse(words + ["--help"])
            #expect(options.command == command && options.action == .help)
        }
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus", CommandName.signIn),
        (["frobnicate"], "unknown command frobnicate", .signIn),
        (["--store"], "--store needs a value", .signIn),
        (["--store", "--lang", "en"], "--store needs a value", .signIn),
        (["--strings"], "--strings needs a value", .signIn),
        (["inbox", "strings"], "unexpected argument strings", .inbox),
        (["--password", "hunter22"], "passwords are never accepted on the command line; type them in the form", .signIn),
        (["inbox", "--password=hunter22"], "passwords are never accepted on the command line; type them in the form",
         .signIn),
        (["--providers", "email,myspace"], "unknown sign-in method myspace in --providers", .signIn),
        (["--providers", ","], "--providers needs at least one sign-in method", .signIn),
        (["--port", "9"], "--port is an option of 'fauth-tui emulator'", .signIn),
        (["emulator", "--api-key", "k"],
         "--api-key is an option of 'fauth-tui', 'fauth-tui inbox', 'fauth-tui status', 'fauth-tui signout', "
            + "'fauth-tui token'", .emulator),
        (["emulator", "--theme", "x"], "--theme is an option of 'fauth-tui'", .emulator),
        (["inbox", "--builtin"], "--builtin is an option of 'fauth-tui strings check'", .inbox),
        (["--allow-remote=yes", "emulator"], "--allow-remote takes no value", .emulator),
        (["emulator", "--port", "http"], "--port needs a number from 0 to 65535", .emulator),
        (["--emulator", "nonsense"], "emulator address \"nonsense\" is not HOST:PORT", .signIn),
        (["inbox", "--emulator=localhost"], "emulator address \"localhost\" is not HOST:PORT", .inbox),
        (["completions"], "completions takes one SHELL: bash, zsh or fish", .completions),
        (["completions", "csh"], "completions takes one SHELL: bash, zsh or fish", .completions),
        (["completions", "bash", "zsh"], "completions takes one SHELL: bash, zsh or fish", .completions),
        (["completions", "--lang", "de", "bash"],
         "--lang is an option of 'fauth-tui', 'fauth-tui inbox', 'fauth-tui status', 'fauth-tui signout', "
            + "'fauth-tui token', 'fauth-tui emulator', 'fauth-tui strings list', 'fauth-tui strings export'",
         .completions),
        (["strings", "check"], "check takes one bundle PATH or --builtin", .stringsCheck),
        (["strings", "check", "a", "b"], "check takes one bundle PATH or --builtin", .stringsCheck),
        (["strings", "check", "--builtin", "a"], "check takes one bundle PATH or --builtin", .stringsCheck),
        (["strings", "check", "a", "--lang", "de"],
         "--lang is an option of 'fauth-tui', 'fauth-tui inbox', 'fauth-tui status', 'fauth-tui signout', "
            + "'fauth-tui token', 'fauth-tui emulator', 'fauth-tui strings list', 'fauth-tui strings export'",
         .stringsCheck),
        (["strings", "list", "extra"], "unexpected argument extra", .stringsList),
        (["strings", "export", "--builtin"], "--builtin is an option of 'fauth-tui strings check'", .stringsExport),
        (["strings", "list", "--lang"], "--lang needs a value", .stringsList),
        (["strings", "list", "--verbose"], "unknown option --verbose", .stringsList),
    ])
    func rejectsBadCommandLinesNamingTheCommand(arguments: [String], message: String, command: CommandName) {
        #expect {
            try LaunchOptions.parse(arguments)
        } throws: { error in
            guard let error = error as? UsageError else { return false }
            return error.description == message && error.command == command
        }
    }

    @Test func usageErrorsAreTranslatedWithTheLanguagesQuotes() throws {
        let error = try #require(throws: UsageError.self) { try LaunchOptions.parse(["signout", "--port", "1"]) }
        #expect(error.message(.builtIn(language: "ja")) == "--port は「fauth-tui emulator」のオプションです")
        let many = try #require(throws: UsageError.self) { try LaunchOptions.parse(["emulator", "--api-key", "k"]) }
        #expect(many.message(.builtIn(language: "de")) == "--api-key ist eine Option von „fauth-tui“, "
                + "„fauth-tui inbox“, „fauth-tui status“, „fauth-tui signout“, „fauth-tui token“")
    }

    @Test func everyOptionIsDeclaredOnceWithAHelpStringAndACommand() {
        let names = OptionDeclaration.all.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
        #expect(Set(names).count == names.count)
        for declaration in OptionDeclaration.all {
            #expect(!CommandRegistry.commands(accepting: declaration).isEmpty, "\(declaration.name) belongs to no command")
            #expect(declaration.name.hasPrefix("--"))
        }
        // Every command has its help, and lists only options of the table.
        for command in CommandRegistry.all {
            #expect(CommandRegistry.options(of: command.name).contains { $0.name == "--help" })
            #expect(command.options.allSatisfy { option in OptionDeclaration.named(option.name) != nil })
        }
    }

    @Test func theRegistryHasOneCommandForEveryName() {
        let names = CommandRegistry.all.map(\.name)
        #expect(names.count == CommandName.allCases.count && Set(names) == Set(CommandName.allCases))
        for name in CommandName.allCases {
            #expect(CommandRegistry.command(name).name == name)
        }
    }
}
