/// A sentence from the string table with its arguments, told in the language of whoever reads it.
public struct LocalizedText: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value in the sentence.
    public enum Argument: Equatable, Sendable {
        /// Text as given.
        case string(String)
        /// Items joined by the language's `ListSeparator` (which may close and reopen quotes).
        case list([String])
    }

    /// The sentence's key in the string table.
    public let key: StringKey
    /// The values it names, in order.
    public let arguments: [Argument]

    /// The sentence `key` with `arguments`.
    public init(_ key: StringKey, _ arguments: [Argument]) {
        self.key = key
        self.arguments = arguments
    }

    /// The sentence in `strings`' language.
    public func message(_ strings: Strings) -> String {
        strings.format(key, arguments: arguments.map { argument in
            switch argument {
            case .string(let text): .string(text)
            case .list(let items): .string(items.joined(separator: strings[.listSeparator]))
            }
        })
    }

    /// The sentence in English (logs, tests).
    public var description: String { message(.builtIn(language: "en")) }
}
