import BuiltinResources
import FoundationEssentials
import Localization
import TerminalUI

/// Finds a theme by built-in name or file path; one that cannot be used is explained by the thrown sentence.
package enum ThemeLoader {
    package static func load(_ nameOrPath: String) throws(LocalizedText) -> Theme {
        guard let data = BuiltinResources.theme(named: nameOrPath) ?? FileManager.default.contents(atPath: nameOrPath)
        else {
            let builtIn = BuiltinResources.themeNames.joined(separator: ", ")
            throw LocalizedText(.usageUnknownTheme, [.string(nameOrPath), .string(builtIn)])
        }
        // Errors read `NAME.theme:LINE: …`, so a file is named by its path without the extension.
        let name = nameOrPath.hasSuffix(".theme") ? String(nameOrPath.dropLast(".theme".count)) : nameOrPath
        do {
            return try Theme.parse(String(decoding: data, as: UTF8.self), name: name)
        } catch {
            throw LocalizedText(.usageBadTheme, [.string(error.description)])
        }
    }
}
