import Localization

/// A command of `fauth-tui`: the words that select it, the options it accepts and what it does. Each is one line
/// in `CommandRegistry`.
protocol Command: Sendable {
    /// The words that select the command; its summary and help come with them.
    var name: CommandName { get }
    /// The options it accepts besides `--help` (every command's); help lists them in `OptionDeclaration.all`'s order.
    var options: [OptionDeclaration] { get }
    /// Checks the words after the command's own (`LaunchOptions.arguments`) when it is to run; most take none.
    func checkArguments(of options: LaunchOptions) throws(UsageError)
    /// Does the command's work; the process exit status. A failure told already ends it through `Exit`.
    @MainActor func run(_ invocation: Invocation) async throws(Exit) -> Int32
}

extension Command {
    func checkArguments(of options: LaunchOptions) throws(UsageError) {
        if let word = options.arguments.first { throw UsageError(.usageUnexpectedArgument, .string(word)) }
    }
}

/// A failure that has been explained on standard error already: the process exits with `status`.
struct Exit: Error {
    let status: Int32
}
