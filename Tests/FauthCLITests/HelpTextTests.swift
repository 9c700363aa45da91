import Localization
import TerminalUI
import Testing
@testable import FauthCLI

/// Every command's `--help` is generated from the declarations, so it is complete in every language.
@Suite struct HelpTextTests {
    @Test(arguments: Strings.builtInLanguages)
    func everyCommandsHelpListsAllItsOptionsAndSubcommands(language: String) {
        let strings = Strings.builtIn(language: language)
        for command in CommandName.allCases {
            let help = HelpText.of(command, strings)
            #expect(help.hasPrefix("\(command.rawValue): \(strings[command.summary])\n"))
            let lines = help.split(separator: "\n").map(String.init)
            for option in CommandRegistry.options(of: command) {
                let row = lines.first { $0.hasPrefix("  \(option.synopsis(strings)) ") }
                #expect(row?.hasSuffix(strings[option.help]) == true, "\(language) \(command.rawValue) \(option.name)")
            }
            for subcommand in command.subcommands {
                let names = ([subcommand.word] + subcommand.aliases).joined(separator: ", ")
                let row = lines.first { $0.hasPrefix("  \(names) ") }
                #expect(row?.hasSuffix(strings[subcommand.summary]) == true)
            }
            if let details = command.details {
                #expect(lines.contains(strings[details]))
            }
            if let argument = command.argument {
                let row = lines.first { $0.hasPrefix("  \(strings[argument.value]) ") }
                #expect(row?.hasSuffix(strings[argument.help]) == true)
            }
        }
    }

    @Test func optionsOfOtherCommandsAreLeftOut() {
        let strings = Strings.builtIn(language: "en")
        let emulator = HelpText.of(.emulator, strings)
        #expect(emulator.contains("  --port PORT "))
        #expect(!emulator.contains("--api-key") && !emulator.contains("--theme"))
        let signIn = HelpText.of(.signIn, strings)
        #expect(signIn.contains("  --api-key KEY ") && signIn.contains("  --emulator HOST:PORT "))
        #expect(!signIn.contains("--port") && !signIn.contains("--builtin"))
    }

    @Test func theStringsGroupHelpReadsAsAWhole() {
        let expected = """
            fauth-tui strings: list, check or export strings

            Usage:
              fauth-tui strings COMMAND [options]

            Commands:
              list    print every key with its text and where that text comes from
              check   report missing keys and format errors of a bundle or of the built-in tables
              export  print a .strings template to translate, with the English text as comments

            Options:
              -h, --help  show this help

            Each command has its own help: fauth-tui strings COMMAND --help
            """
        #expect(HelpText.of(.strings, .builtIn(language: "en")) == expected)
    }

    @Test(arguments: ["fr", "ja", "hi"])
    func helpTextsStartInOneColumn(language: String) {
        let strings = Strings.builtIn(language: language)
        let options = CommandRegistry.options(of: .signIn)
        let rows = HelpText.of(.signIn, strings).split(separator: "\n").map(String.init)
        let columns = options.map { option -> Int? in
            guard let row = rows.first(where: { $0.hasPrefix("  \(option.synopsis(strings)) ") }) else { return nil }
            return TextWidth.of(row) - TextWidth.of(strings[option.help])
        }
        #expect(Set(columns).count == 1 && !columns.contains(nil))
    }
}
