import Localization

/// A command of `fauth-tui`, named by the words that select it; what it does and the options it takes are its
/// `Command` in `CommandRegistry`.
public enum CommandName: String, CaseIterable, Sendable {
    /// The interactive sign-in interface.
    case signIn = "fauth-tui"
    /// Print the messages the backend sent (emails and SMS), for scripts.
    case inbox = "fauth-tui inbox"
    /// Serve the embedded engine over Firebase's Identity Toolkit REST API.
    case emulator = "fauth-tui emulator"
    /// Who is signed in, on which backend, for people and scripts (alias `whoami`).
    case status = "fauth-tui status"
    /// End the stored session without the interface.
    case signOut = "fauth-tui signout"
    /// Print the session's ID token for scripts.
    case token = "fauth-tui token"
    /// The translator tools; runs only through one of its subcommands.
    case strings = "fauth-tui strings"
    /// Every key with its text and where that text came from.
    case stringsList = "fauth-tui strings list"
    /// Coverage and format errors of a bundle or of the built-in tables.
    case stringsCheck = "fauth-tui strings check"
    /// A `.strings` template to translate.
    case stringsExport = "fauth-tui strings export"
    /// A shell's completion script, generated from the commands and their options.
    case completions = "fauth-tui completions"
    /// The manual pages, generated from the commands and their options.
    case manual = "fauth-tui manual"

    /// The one-line description shown in help.
    var summary: StringKey {
        switch self {
        case .signIn: .commandSummarySignIn
        case .inbox: .commandSummaryInbox
        case .emulator: .commandSummaryEmulator
        case .status: .commandSummaryStatus
        case .signOut: .commandSummarySignOut
        case .token: .commandSummaryToken
        case .strings: .commandSummaryStrings
        case .stringsList: .commandSummaryStringsList
        case .stringsCheck: .commandSummaryStringsCheck
        case .stringsExport: .commandSummaryStringsExport
        case .completions: .commandSummaryCompletions
        case .manual: .commandSummaryManual
        }
    }

    /// More about what the command prints, shown in its help below the usage.
    var details: StringKey? {
        self == .inbox ? .commandDetailsInbox : nil
    }

    /// The positional argument the command takes (value name, help and what completion offers), if any.
    var argument: (value: StringKey, help: StringKey, completion: ValueCompletion)? {
        switch self {
        case .stringsCheck: (.valuePath, .helpCheckPath, .paths)
        case .completions: (.valueShell, .helpShell, .words(Shell.allCases.map(\.rawValue)))
        case .manual: (.valueDirectory, .helpManualDirectory, .directories)
        case .signIn, .inbox, .emulator, .status, .signOut, .token, .strings, .stringsList, .stringsExport: nil
        }
    }

    /// The word that selects this command after its parent's words.
    var word: String { String(rawValue.split(separator: " ").last ?? "") }

    /// Other words that select the command.
    var aliases: [String] {
        switch self {
        case .status: ["whoami"]
        case .completions: ["completion"]
        case .signIn, .inbox, .emulator, .signOut, .token, .strings, .stringsList, .stringsCheck, .stringsExport,
             .manual: []
        }
    }

    /// The command whose word comes before this one's; nil for `fauth-tui` itself.
    var parent: CommandName? {
        guard let space = rawValue.lastIndex(of: " ") else { return nil }
        return CommandName(rawValue: String(rawValue[..<space]))
    }

    /// The commands one word below this one, in declaration order.
    var subcommands: [CommandName] { Self.allCases.filter { $0.parent == self } }

    /// Whether the command only groups subcommands and does nothing by itself.
    var isGroup: Bool { self == .strings }

    /// The command the leading `words` select, and the words left over as its arguments.
    static func resolve(_ words: [String]) -> (CommandName, [String]) {
        var command = CommandName.signIn
        var rest = words[...]
        while let word = rest.first,
              let next = command.subcommands.first(where: { $0.word == word || $0.aliases.contains(word) }) {
            command = next
            rest.removeFirst()
        }
        return (command, Array(rest))
    }
}
