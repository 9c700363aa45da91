import Localization

/// What every shell's completion script is written from: the commands and the words that select them
/// (`CommandName`), the options each accepts (`CommandRegistry`, `OptionDeclaration.all`), and their help in
/// `strings`' language.
struct CompletionSource {
    /// A word that selects a subcommand (an alias too), and what that subcommand does.
    struct Subcommand {
        let word: String
        let command: CommandName
        let summary: String
    }

    /// One option of a command: its spellings, what its value completes to (nil for a switch), its help.
    struct Option {
        let declaration: OptionDeclaration
        /// The value's placeholder (`PATH`), nil for a switch.
        let valueName: String?
        let help: String

        /// `--store`, then `-h` where there is a short spelling.
        var spellings: [String] { [declaration.name] + (declaration.shortName.map { [$0] } ?? []) }
    }

    /// A command as completion sees it.
    struct Entry {
        let command: CommandName
        let subcommands: [Subcommand]
        /// Its options in help order, `--help` included.
        let options: [Option]
        /// What completion offers for its positional argument, when it takes one.
        let argument: ValueCompletion?
    }

    /// Every command, `fauth-tui` itself first.
    let entries: [Entry]
    /// Every option that takes a value, once: the word after it is that value, never a command word.
    let valueOptions: [Option]

    init(strings: Strings) {
        func option(_ declaration: OptionDeclaration) -> Option {
            var valueName: String?
            if case .value(let key, _) = declaration.effect { valueName = strings[key] }
            return Option(declaration: declaration, valueName: valueName, help: strings[declaration.help])
        }
        entries = CommandName.allCases.map { command in
            Entry(command: command,
                  subcommands: command.subcommands.flatMap { subcommand in
                      ([subcommand.word] + subcommand.aliases).map {
                          Subcommand(word: $0, command: subcommand, summary: strings[subcommand.summary])
                      }
                  },
                  options: CommandRegistry.options(of: command).map(option),
                  argument: command.argument?.completion)
        }
        valueOptions = OptionDeclaration.all.filter(\.takesValue).map(option)
    }

    /// `text` in single quotes for bash and zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
