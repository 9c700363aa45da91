import Localization
import Testing
@testable import FauthCLI

/// Manual pages written from the command declarations: roff escaping, sections, dates.
@Suite struct ManualPageTests {
    private let english = Strings.builtIn(language: "en")

    @Test func roffEscapesItsOwnSyntaxAndEveryNonASCIICharacter() {
        #expect(Roff.escaped(#"C:\dir"#) == #"C:\edir"#)
        #expect(Roff.escaped(".not a request") == #"\&.not a request"#)
        #expect(Roff.escaped("'not either") == #"\&'not either"#)
        #expect(Roff.escaped("--store") == #"\-\-store"#)
        #expect(Roff.escaped("Ctrl-C … ✓ 😀") == #"Ctrl\-C \[u2026] \[u2713] \[u1F600]"#)
    }

    @Test func longTextIsFilledIntoShortLinesWithoutStartingARequest() {
        let words = Array(repeating: "word", count: 40).joined(separator: " ") + " .dot"
        let lines = Roff.lines(words)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 80 })
        #expect(lines.joined(separator: " ").replacing(#"\&"#, with: "") == words)
        #expect(lines.allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func everyPageListsTheCommandsOptionsAndSubcommands() {
        for command in CommandName.allCases {
            let page = ManualPage(command: command, strings: english, version: "9.9.9", date: "2026-12-05").text
            #expect(page.hasPrefix(".TH \(Roff.escaped(ManualPage.name(of: command).uppercased())) 1 2026-12-05 "
                                   + "\"fauth-tui 9.9.9\" \"User Commands\"\n.SH NAME\n"))
            for option in CommandRegistry.options(of: command) {
                let line = page.split(separator: "\n").first { $0.contains(Roff.bold(option.name)) }
                #expect(line.map { $0.hasPrefix(Roff.bold(option.shortName ?? option.name)) } == true,
                        "\(command.rawValue): \(option.name)")
            }
            for subcommand in command.subcommands {
                #expect(page.contains(".BR \(Roff.escaped(ManualPage.name(of: subcommand))) (1)."))
            }
            #expect(page.contains("\n.SH EXIT STATUS\n") == !ManualSections.of(command).exitStatus.isEmpty)
        }
    }

    @Test func theDateComesFromSourceDateEpoch() {
        #expect(ManualCommand.date(sourceDateEpoch: "0") == "1970-01-01")
        #expect(ManualCommand.date(sourceDateEpoch: "1764892800") == "2025-12-05")
        #expect(ManualCommand.date(sourceDateEpoch: "not a number").count == 10)
    }
}
