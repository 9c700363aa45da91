import FauthTUI
import Glibc
import Localization

/// A shell whose completion script `fauth-tui completions` writes.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// `fauth-tui completions bash|zsh|fish`: the shell's completion script on standard output, generated from the
/// registry's commands and the option table, with descriptions in the environment's language (zsh and fish).
struct CompletionsCommand: Command {
    let name = CommandName.completions
    let options: [OptionDeclaration] = []

    func checkArguments(of options: LaunchOptions) throws(UsageError) {
        _ = try Self.shell(options.arguments)
    }

    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let strings = invocation.builtInStrings(flag: nil)
        let shell: Shell
        do {
            shell = try Self.shell(invocation.options.arguments)
        } catch {
            throw invocation.usageFailure(error.message, strings: strings)
        }
        let source = CompletionSource(strings: strings)
        let script = switch shell {
        case .bash: BashCompletion.script(source)
        case .zsh: ZshCompletion.script(source)
        case .fish: FishCompletion.script(source)
        }
        ConsoleOutput.write(script, to: STDOUT_FILENO)
        return 0
    }

    /// The shell `arguments` name: exactly one of bash, zsh or fish.
    private static func shell(_ arguments: [String]) throws(UsageError) -> Shell {
        guard arguments.count == 1, let shell = Shell(rawValue: arguments[0]) else {
            throw UsageError(.usageCompletionsShell)
        }
        return shell
    }
}
