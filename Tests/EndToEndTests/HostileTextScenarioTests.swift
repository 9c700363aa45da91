import AuthCore
import Foundation
import LocalAuth
import Testing
import TestSupport

/// Text from the store reaches the screen and the result line only with its escape sequences defused.
@Suite(.serialized) struct HostileTextScenarioTests {
    /// Clears the screen, sets the window title, colours the shell, and uses C1 CSI and a right-to-left override.
    static let hostileName = "\u{1B}[2J\u{1B}]0;pwned\u{07}Mallory\u{1B}[31m\u{9B}1m\u{202E}evil"

    /// Every byte of `data` that a terminal would act on: ESC, BEL, the C1 range as UTF-8, bidi overrides.
    private func controlSequences(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value)
        }
    }

    @Test func aHostileDisplayNameIsDefusedOnTheScreenAndInTheResultLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        do {
            let client = try LocalAuthClient(path: store)
            _ = try await client.signIn(with: .identityProvider(IdentityProviderCredential(
                providerID: "github.com",
                simulatedProfile: IdentityProviderProfile(subject: "gh-1", email: nil, displayName: Self.hostileName,
                                                          isEmailVerified: false))))
        }
        let result = directory.appendingPathComponent("stdout").path
        let app = try TmuxSession(command: "\(productBinary("fauth-tui")) --store \(store) > \(result)",
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        let screen = try app.waitFor("Mallory")
        #expect(!screen.contains("pwned") || screen.contains("\u{FFFD}]0;pwned"))
        #expect(try app.tmux("display-message", "-p", "-t", "app", "#{pane_title}").contains("pwned") == false)
        try app.press("C-q")
        try app.waitFor("EXIT=0")
        let line = try String(contentsOfFile: result, encoding: .utf8)
        #expect(line.contains("Mallory"))
        #expect(controlSequences(in: line).isEmpty, "result line carries \(controlSequences(in: line))")
    }
}
