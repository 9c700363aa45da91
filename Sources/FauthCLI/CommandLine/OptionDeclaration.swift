import Localization

/// One command-line option, declared once: its name, its value, its help and what it sets. The commands that
/// accept it list it (`Command.options`).
struct OptionDeclaration: Sendable {
    /// What the option does to the parsed options.
    enum Effect: Sendable {
        /// A switch without a value.
        case flag(@Sendable (inout LaunchOptions) -> Void)
        /// An option with a value, named in help by a localized placeholder (`PATH`).
        case value(StringKey, @Sendable (inout LaunchOptions, String) throws(UsageError) -> Void)
    }

    /// The spelling, e.g. `--store`.
    let name: String
    /// A short spelling accepted as well, e.g. `-h`.
    let shortName: String?
    /// The one-line help.
    let help: StringKey
    let effect: Effect
    /// What shell completion offers for the value.
    let completion: ValueCompletion

    /// An option that takes a value.
    static func value(_ name: String, _ valueName: StringKey, _ help: StringKey,
                      completing completion: ValueCompletion = .none,
                      _ apply: @escaping @Sendable (inout LaunchOptions, String) throws(UsageError) -> Void)
        -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: nil, help: help, effect: .value(valueName, apply),
                          completion: completion)
    }

    /// A switch without a value.
    static func flag(_ name: String, short: String? = nil, _ help: StringKey,
                     _ apply: @escaping @Sendable (inout LaunchOptions) -> Void) -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: short, help: help, effect: .flag(apply), completion: .none)
    }

    /// Whether the option needs a value.
    var takesValue: Bool {
        if case .value = effect { true } else { false }
    }

    /// How help shows the option: `--store PATH`, `-h, --help`.
    func synopsis(_ strings: Strings) -> String {
        let names = [shortName, name].compactMap { $0 }.joined(separator: ", ")
        guard case .value(let valueName, _) = effect else { return names }
        return names + " " + strings[valueName]
    }

    /// The declaration spelled `name` (long or short), whichever command it belongs to.
    static func named(_ name: String) -> OptionDeclaration? {
        all.first { $0.name == name || $0.shortName == name }
    }
}

/// What a shell offers when completing an option's value.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing: the value is typed (a key, a port, a list).
    case none
    /// Paths of files and folders.
    case paths
    /// Paths of folders.
    case directories
    /// One of these words.
    case words([String])
    /// A comma-separated list of these words (`--providers email,phone`).
    case list([String])
}
