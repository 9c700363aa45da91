import Localization

/// A command's manual page (man(7) macros), written from the same declarations as its `--help` (summary, usage,
/// subcommands, argument, options) plus its `ManualSections`.
struct ManualPage {
    let command: CommandName
    /// The strings of the declarations' text: English, the manual's language.
    let strings: Strings
    /// The version in the page's footer.
    let version: String
    /// The page's date, `YYYY-MM-DD`.
    let date: String

    /// The page's name, which is also its file name without the section: `fauth-tui-strings-check`.
    static func name(of command: CommandName) -> String {
        command.rawValue.replacing(" ", with: "-")
    }

    /// The page's file name: `fauth-tui-emulator.1`.
    var fileName: String { Self.name(of: command) + ".1" }

    /// The whole page.
    var text: String {
        let sections = ManualSections.of(command)
        var lines = [
            ".TH \(Roff.escaped(Self.name(of: command).uppercased())) 1 \(date) \"fauth-tui \(version)\" \"User Commands\"",
            ".SH NAME",
        ]
        lines += Roff.lines(Self.name(of: command) + " - " + strings[command.summary])
        lines.append(".SH SYNOPSIS")
        lines += synopsis()
        lines += [".SH DESCRIPTION"] + Roff.lines(sentence(strings[command.summary]))
        for paragraph in (command.details.map { [strings[$0]] } ?? []) + sections.description {
            lines += [".PP"] + Roff.lines(paragraph)
        }
        if !command.subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for subcommand in command.subcommands {
                lines += [".TP", ([subcommand.word] + subcommand.aliases).map(Roff.bold).joined(separator: ", ")]
                lines += Roff.lines(sentence(strings[subcommand.summary]) + " See")
                lines.append(".BR \(Roff.escaped(Self.name(of: subcommand))) (1).")
            }
        }
        if let argument = command.argument {
            lines += [".SH ARGUMENTS", ".TP", Roff.italic(strings[argument.value])]
            lines += Roff.lines(sentence(strings[argument.help]))
        }
        lines.append(".SH OPTIONS")
        for option in CommandRegistry.options(of: command) {
            lines += [".TP", synopsis(of: option)] + Roff.lines(sentence(strings[option.help]))
        }
        lines += list("KEYS", sections.keys, term: Roff.bold)
        lines += list("EXIT STATUS", sections.exitStatus, term: Roff.bold)
        lines += list("ENVIRONMENT", sections.environment, term: Roff.bold)
        lines += list("FILES", sections.files, term: Roff.italic)
        if !sections.examples.isEmpty {
            lines.append(".SH EXAMPLES")
            for (index, example) in sections.examples.enumerated() {
                lines += (index == 0 ? [] : [".PP"]) + Roff.lines(example.text)
                lines += [".RS 4", ".nf", Roff.escaped(example.term), ".fi", ".RE"]
            }
        }
        lines += [".SH SEE ALSO", seeAlso()]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per form, as `Usage:` in help.
    private func synopsis() -> [String] {
        let words = command.rawValue.split(separator: " ").map(String.init)
        let head = words.map(Roff.bold).joined(separator: " ")
        let options = "[\(Roff.italic(strings[.helpOptionsPlaceholder].trimmingBrackets))]"
        var forms: [String] = []
        if !command.isGroup {
            let argument = command.argument.map { " [\(Roff.italic(strings[$0.value]))]" } ?? ""
            forms.append("\(head) \(options)\(argument)")
        }
        if !command.subcommands.isEmpty {
            forms.append("\(head) \(Roff.italic(strings[.valueCommand])) \(options)")
        }
        return forms.flatMap { [$0, ".br"] }.dropLast()
    }

    /// `-h, --help` or `--store PATH`, the names bold and the value's placeholder in italics.
    private func synopsis(of option: OptionDeclaration) -> String {
        let names = [option.shortName, option.name].compactMap { $0 }.map(Roff.bold).joined(separator: ", ")
        guard case .value(let valueName, _) = option.effect else { return names }
        return names + " " + Roff.italic(strings[valueName])
    }

    /// A section of tagged paragraphs; nothing when there are no entries.
    private func list(_ heading: String, _ entries: [ManualSections.Entry],
                      term: (String) -> String) -> [String] {
        guard !entries.isEmpty else { return [] }
        return [".SH \(heading)"] + entries.flatMap { [".TP", term($0.term)] + Roff.lines($0.text) }
    }

    /// The other pages: the command's parent and subcommands, or every command's page from `fauth-tui(1)`.
    private func seeAlso() -> String {
        let related = command.parent.map { [$0] + $0.subcommands.filter { $0 != command } + command.subcommands }
            ?? command.subcommands
        return related.map { "\(Roff.bold(Self.name(of: $0)))(1)" }.joined(separator: ", ")
    }

    /// `text` as a sentence: its first letter upper-case and a full stop at the end.
    private func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let body = first.uppercased() + text.dropFirst()
        return body.last.map { ".!?".contains($0) } == true ? body : body + "."
    }
}

private extension String {
    /// `[options]` without its brackets, which the synopsis writes in roman around the italic word.
    var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
