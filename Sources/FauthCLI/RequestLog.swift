import FauthTUI
import FoundationEssentials
import Glibc
import HTTPServer

/// The emulator's request log: one line per request on standard error — method, path, status and duration.
/// Query strings (API keys, codes) and bodies (passwords, tokens) are never written; control characters in
/// the path are shown escaped, so a request cannot drive the terminal.
struct RequestLog: Sendable {
    /// `--quiet`: nothing is written.
    let isQuiet: Bool

    /// Answers `request` with `handler` and logs it.
    func handle(_ request: HTTPRequest, with handler: (HTTPRequest) -> HTTPResponse) -> HTTPResponse {
        guard !isQuiet else { return handler(request) }
        let start = ContinuousClock.now
        let response = handler(request)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let line = "\(Self.printable(request.method)) \(Self.printable(request.path)) \(response.status) "
            + Self.tenths(milliseconds) + " ms\n"
        ConsoleOutput.write(line, to: STDERR_FILENO)
        return response
    }

    /// `milliseconds` rounded to one decimal, e.g. "12.3" (as `%.1f`).
    static func tenths(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `text` with control characters and non-ASCII shown as `\u{…}` escapes, at most 200 characters.
    static func printable(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(200) {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                shown.unicodeScalars.append(scalar)
            } else {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return shown
    }
}
