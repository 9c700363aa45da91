import Localization
import TerminalUI

/// Localized explanations of why the terminal could not be used.
enum TerminalErrorMessages {
    static func message(for error: TerminalError, strings: Strings) -> String {
        switch error {
        case .notATerminal: strings[.terminalNoTTY]
        case .missingTerm: strings[.terminalNoTERM]
        case .unknownTerminal(let term): strings.format(.terminalUnknown, .string(term))
        }
    }
}
