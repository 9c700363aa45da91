import Localization

/// One command-line option, declared once: its name, its value, its help and the commands that accept it.
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
    /// The commands that accept the option, in help order.
    let commands: [CommandName]
    let effect: Effect

    /// An option that takes a value.
    static func value(_ name: String, _ valueName: StringKey, _ help: StringKey, _ commands: [CommandName],
                      _ apply: @escaping @Sendable (inout LaunchOptions, String) throws(UsageError) -> Void)
        -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: nil, help: help, commands: commands, effect: .value(valueName, apply))
    }

    /// A switch without a value.
    static func flag(_ name: String, short: String? = nil, _ help: StringKey, _ commands: [CommandName],
                     _ apply: @escaping @Sendable (inout LaunchOptions) -> Void) -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: short, help: help, commands: commands, effect: .flag(apply))
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

    /// The options `command` accepts, in declaration order.
    static func options(of command: CommandName) -> [OptionDeclaration] {
        all.filter { $0.commands.contains(command) }
    }
}
