import Localization

/// A command that takes exactly one word after its name, such as `completions bash` or `manual DIR`.
protocol SingleArgumentCommand: Command {
    /// What the word names.
    associatedtype Argument
    /// The usage message when the word is missing, repeated or not understood.
    static var usage: StringKey { get }
    /// What `word` names; nil when it names nothing this command takes.
    static func argument(_ word: String) -> Argument?
}

extension SingleArgumentCommand {
    func checkArguments(of options: LaunchOptions) throws(UsageError) {
        _ = try Self.argument(in: options.arguments)
    }

    /// The invocation's argument; a usage failure (status 2) when it has none, or more than one.
    func argument(of invocation: Invocation, strings: Strings) throws(Exit) -> Argument {
        do {
            return try Self.argument(in: invocation.options.arguments)
        } catch {
            throw invocation.usageFailure(error.message, strings: strings)
        }
    }

    private static func argument(in words: [String]) throws(UsageError) -> Argument {
        guard words.count == 1, let argument = argument(words[0]) else { throw UsageError(usage) }
        return argument
    }
}
