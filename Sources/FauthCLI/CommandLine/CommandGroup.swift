import Localization

/// A command that only groups subcommands (`fauth-tui strings`): run by itself, it says which subcommand is
/// missing or unknown.
struct CommandGroup: Command {
    let name: CommandName
    let options: [OptionDeclaration] = []

    /// The words are the group's to judge when it runs.
    func checkArguments(of options: LaunchOptions) throws(UsageError) {}

    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let problem = invocation.options.arguments.first.map { UsageError(.usageUnknownCommand, .string($0)) }
            ?? UsageError(.usageMissingSubcommand)
        throw invocation.usageFailure(problem.message, strings: invocation.builtInStrings(flag: nil))
    }
}
