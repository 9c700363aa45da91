import Localization
import TerminalUI

/// A command's `--help`, generated from its declaration and its options' declarations.
enum HelpText {
    /// The full help of `command` in `strings`' language.
    static func of(_ command: CommandName, _ strings: Strings) -> String {
        var sections = ["\(command.rawValue): \(strings[command.summary])", usage(of: command, strings)]
        if let details = command.details { sections.append(strings[details]) }
        let subcommands = command.subcommands
        if !subcommands.isEmpty {
            sections.append(table(strings[.helpCommands], subcommands.map { (([$0.word] + $0.aliases).joined(separator: ", "), strings[$0.summary]) }))
        }
        if let argument = command.argument {
            sections.append(table(strings[.helpArguments], [(strings[argument.value], strings[argument.help])]))
        }
        let options = CommandRegistry.options(of: command)
        sections.append(table(strings[.helpOptions], options.map { ($0.synopsis(strings), strings[$0.help]) }))
        if command == .signIn {
            sections.append(strings[.helpKeys] + "\n" + strings[.helpPasswords])
        }
        if !subcommands.isEmpty {
            let example = "\(command.rawValue) \(strings[.valueCommand]) --help"
            sections.append(strings.format(.helpSubcommandHint, .string(example)))
        }
        return sections.joined(separator: "\n\n")
    }

    /// `Usage: fauth-tui strings check [options] [PATH]`, one line per form.
    private static func usage(of command: CommandName, _ strings: Strings) -> String {
        var forms: [String] = []
        if !command.isGroup {
            let argument = command.argument.map { " [\(strings[$0.value])]" } ?? ""
            forms.append("\(command.rawValue) \(strings[.helpOptionsPlaceholder])\(argument)")
        }
        if !command.subcommands.isEmpty {
            forms.append("\(command.rawValue) \(strings[.valueCommand]) \(strings[.helpOptionsPlaceholder])")
        }
        return table(strings[.helpUsage], forms.map { ($0, "") })
    }

    /// A heading and its rows, the second column aligned by display width (translations may be wide).
    private static func table(_ heading: String, _ rows: [(String, String)]) -> String {
        let width = rows.map { TextWidth.of($0.0) }.max() ?? 0
        let lines = rows.map { name, text in
            let gap = String(repeating: " ", count: width - TextWidth.of(name) + 2)
            return text.isEmpty ? "  \(name)" : "  \(name)\(gap)\(text)"
        }
        return ([heading] + lines).joined(separator: "\n")
    }
}
