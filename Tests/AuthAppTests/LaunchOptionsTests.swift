import AuthCore
import Testing
@testable import AuthApp

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

    @Test func stringsCommandTakesEveryLaterArgument() throws {
        let options = try LaunchOptions.parse(["--lang", "de", "strings", "list", "--lang", "fr", "--bogus"])
        #expect(options.command == .strings(["list", "--lang", "fr", "--bogus"]))
        #expect(options.language == "de")
        #expect(try LaunchOptions.parse(["strings"]).command == .strings([]))
    }

    @Test func parsesProvidersInOrderWithoutDuplicates() throws {
        let options = try LaunchOptions.parse(["--providers", "email,emailLink, phone,anonymous,google,x,oidc.line,email"])
        let line = IdentityProviderButton(providerID: "oidc.line", displayName: "line")
        #expect(options.providers == [.email, .emailLink, .phone, .anonymous,
                                      .identityProvider(IdentityProviderButton.builtIn[0]),
                                      .identityProvider(IdentityProviderButton.builtIn[3]), .identityProvider(line)])
    }

    @Test func recognisesCommands() throws {
        #expect(try LaunchOptions.parse([]).command == .signIn)
        #expect(try LaunchOptions.parse(["inbox", "--store", "x"]).command == .inbox)
        #expect(try LaunchOptions.parse(["--help"]).command == .help)
        #expect(try LaunchOptions.parse(["-h"]).command == .help)
        #expect(try LaunchOptions.parse(["--version"]).command == .version)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["frobnicate"], "unknown command frobnicate"),
        (["--store"], "--store needs a value"),
        (["--store", "--lang", "en"], "--store needs a value"),
        (["--strings"], "--strings needs a value"),
        (["inbox", "strings"], "unknown command strings"),
        (["--password", "hunter22"], "passwords are never accepted on the command line; type them in the form"),
        (["--providers", "email,myspace"], "unknown sign-in method myspace in --providers"),
        (["--providers", ","], "--providers needs at least one sign-in method"),
    ])
    func rejectsBadCommandLines(arguments: [String], message: String) {
        #expect {
            try LaunchOptions.parse(arguments)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func usageErrorsAreTranslated() {
        #expect {
            try LaunchOptions.parse(["--bogus"])
        } throws: { error in
            let message = (error as? UsageError)?.message(.builtIn(language: "de")) ?? ""
            return message.contains("--bogus") && message != "unknown option --bogus"
        }
    }
}
