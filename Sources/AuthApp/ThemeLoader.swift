import BuiltinResources
import Foundation
import TerminalUI

/// Finds a theme by built-in name or file path.
enum ThemeLoader {
    struct NotFound: Error, CustomStringConvertible {
        let name: String
        var description: String {
            "no theme \"\(name)\" (built in: \(BuiltinResources.themeNames.joined(separator: ", ")))"
        }
    }

    static func load(_ nameOrPath: String) throws -> Theme {
        if let data = BuiltinResources.theme(named: nameOrPath) {
            return try Theme.parse(String(decoding: data, as: UTF8.self), name: nameOrPath)
        }
        guard let data = FileManager.default.contents(atPath: nameOrPath) else { throw NotFound(name: nameOrPath) }
        return try Theme.parse(String(decoding: data, as: UTF8.self), name: nameOrPath)
    }
}
