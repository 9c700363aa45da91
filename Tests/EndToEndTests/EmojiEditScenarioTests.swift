import Foundation
import Testing
import TestSupport

/// Editing emoji in a field, in tmux (which joins emoji around a zero width joiner): the incremental redraw and a
/// full one (Ctrl-L) show the same row.
@Suite(.serialized) struct EmojiEditScenarioTests {
    /// Regression (issue 27 item 14): after a ZWJ emoji, a field's row was shifted (its `[` or `]` displaced, the
    /// placeholder's end left over) until Ctrl-L, and Ctrl-L shifted it the other way.
    @Test(arguments: [["a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F44D}b"],
                      ["a\u{1F44D}b", "Left", "Left", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"],
                      ["a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}b", "Left", "\u{1F44D}"],
                      ["x\u{1F1EF}", "\u{1F1F5}", "\u{1F1FA}", "Home", "Right", "BSpace"]])
    func aFieldEditedWithEmojiKeepsItsColumns(_ edits: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try TmuxSession(command: "\(productBinary("fauth-tui")) --store :memory: --providers password",
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        try app.waitFor("Enter your password")
        for edit in edits {
            if ["Left", "Right", "Home", "BSpace"].contains(edit) { try app.press(edit) } else { try app.type(edit) }
            usleep(200_000)
        }
        usleep(300_000)
        let incremental = try app.screen()
        try app.press("C-l")
        usleep(500_000)
        let full = try app.screen()
        #expect(incremental == full)
        // The email field's `]` stands above the password field's.
        let rows = full.split(separator: "\n", omittingEmptySubsequences: false)
        let email = try #require(rows.first { $0.contains("\u{203A} [") })
        let password = try #require(rows.first { $0.contains("Enter your password") })
        #expect(columns(of: email) == columns(of: password), "\(email)\n\(password)")
        try app.press("C-q")
    }

    /// The columns tmux gives a captured row: emoji take two (the rows compared hold no East Asian text).
    private func columns(of row: Substring) -> Int {
        row.unicodeScalars.reduce(0) { total, scalar in
            if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return total }
            // A lone regional indicator takes one column in tmux, as in wcwidth.
            let isRegionalIndicator = (0x1F1E6...0x1F1FF).contains(scalar.value)
            return total + (scalar.properties.isEmojiPresentation && !isRegionalIndicator ? 2 : 1)
        }
    }
}
