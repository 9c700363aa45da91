/// The XDG base directories fauth-tui keeps its files in (the XDG Base Directory Specification).
public enum XDGDirectory: Sendable {
    /// `$XDG_DATA_HOME`, else `~/.local/share`: the local store.
    case data
    /// `$XDG_CONFIG_HOME`, else `~/.config`: Firebase sessions.
    case config
    /// `$XDG_STATE_HOME`, else `~/.local/state`: values remembered between runs.
    case state

    /// The path of fauth-tui's file `name` in this directory: `<directory>/fauth-tui/<name>`. A relative or empty
    /// `$XDG_…_HOME` is ignored, as the specification asks.
    public func path(of name: String, environment: [String: String]) -> String {
        let (variable, fallback) = switch self {
        case .data: ("XDG_DATA_HOME", ".local/share")
        case .config: ("XDG_CONFIG_HOME", ".config")
        case .state: ("XDG_STATE_HOME", ".local/state")
        }
        let base = environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FilePaths.joining(FilePaths.home(environment: environment), fallback)
        return FilePaths.joining(base, "fauth-tui/" + name)
    }
}
