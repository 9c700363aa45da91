import FauthTUI
import Glibc
import Localization

/// A shell whose completion script `fauth-tui completions` writes.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// `fauth-tui completions bash|zsh|fish`: the shell's completion script on standard output, generated from the
/// registry's commands and the option table, with descriptions in the environment's language (zsh and fish).
struct CompletionsCommand: SingleArgumentCommand {
    let name = CommandName.completions
    let options: [OptionDeclaration] = []
    static let usage = StringKey.usageCompletionsShell

    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let strings = invocation.builtInStrings(flag: nil)
        let shell = try argument(of: invocation, strings: strings)
        let source = CompletionSource(strings: strings)
        let script = switch shell {
        case .bash: BashCompletion.script(source)
        case .zsh: ZshCompletion.script(source)
        case .fish: FishCompletion.script(source)
        }
        ConsoleOutput.write(script, to: STDOUT_FILENO)
        return 0
    }

    /// The shell `word` names: bash, zsh or fish.
    static func argument(_ word: String) -> Shell? { Shell(rawValue: word) }
}
