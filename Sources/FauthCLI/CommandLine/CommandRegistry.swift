/// Every command of `fauth-tui`: adding one is a line here (and its `CommandName`). The order is the order in
/// which "is an option of" lists the commands that take an option.
enum CommandRegistry {
    static let all: [any Command] = [
        InterfaceCommand(),
        InboxCommand(),
        SessionCommand.status,
        SessionCommand.signOut,
        SessionCommand.token,
        EmulatorCommand(),
        CommandGroup(name: .strings),
        StringsCommand.list,
        StringsCommand.check,
        StringsCommand.export,
        CompletionsCommand(),
        ManualCommand(),
    ]

    /// The command `name` runs (the registry has one for every name, which a test checks).
    static func command(_ name: CommandName) -> any Command {
        all.first { $0.name == name }!
    }

    /// The options `name` accepts, `--help` included, in help order.
    static func options(of name: CommandName) -> [OptionDeclaration] {
        let accepted = Set((command(name).options + [.help]).map(\.name))
        return OptionDeclaration.all.filter { accepted.contains($0.name) }
    }

    /// The commands that accept `option`, in registry order.
    static func commands(accepting option: OptionDeclaration) -> [CommandName] {
        all.map(\.name).filter { options(of: $0).contains { $0.name == option.name } }
    }
}
