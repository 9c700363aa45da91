import AuthCore
import BuildInfo
import FauthTUI
import FoundationEssentials
import Glibc
import Localization

/// `fauth-tui manual DIR`: writes `fauth-tui.1` and one page per command (`fauth-tui-emulator.1`, …) into DIR,
/// generated from the commands' declarations and the option table, as `--help` is. The date is
/// `SOURCE_DATE_EPOCH`'s when set, so that packages built from one commit are identical.
struct ManualCommand: SingleArgumentCommand {
    let name = CommandName.manual
    let options: [OptionDeclaration] = []
    static let usage = StringKey.usageManualDirectory

    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let strings = invocation.builtInStrings(flag: nil)
        let directory = try argument(of: invocation, strings: strings)
        let date = Self.date(sourceDateEpoch: invocation.environment["SOURCE_DATE_EPOCH"])
        let english = Strings.builtIn(language: "en")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for command in CommandName.allCases {
                let page = ManualPage(command: command, strings: english, version: BuildInfo.version, date: date)
                try Data(page.text.utf8).write(to: URL(filePath: directory).appending(path: page.fileName))
            }
        } catch {
            invocation.console(strings).printError(
                strings.format(.manualWriteFailed, .string(directory), .string(FilePaths.reason(error))))
            return 1
        }
        return 0
    }

    /// The folder `word` names; an empty word names none.
    static func argument(_ word: String) -> String? { word.isEmpty ? nil : word }

    /// `YYYY-MM-DD` (UTC) of `sourceDateEpoch` seconds, or of now when it is unset or not a number.
    static func date(sourceDateEpoch: String?) -> String {
        var seconds = sourceDateEpoch.flatMap { time_t($0) } ?? time(nil)
        var moment = tm()
        gmtime_r(&seconds, &moment)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(moment.tm_year + 1900)-\(two(moment.tm_mon + 1))-\(two(moment.tm_mday))"
    }
}
