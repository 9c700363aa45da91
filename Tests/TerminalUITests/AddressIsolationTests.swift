import Testing
@testable import TerminalUI

/// Addresses, paths, emails and codes as left-to-right units in right-to-left lines (issue 32 item 3).
@Suite struct AddressIsolationTests {
    /// The lines of `text` wrapped to `width`, as a right-to-left screen shows them.
    private func shown(_ text: String, width: Int) -> [String] {
        TextWidth.wrap(text, width: width).map { Bidi.visual($0, paragraph: .rightToLeft) }
    }

    @Test func aURLWiderThanTheLineReadsLeftToRightOnEveryRow() {
        let url = "https://fauth-tui.local/__/auth/action?mode=resetPassword&oobCode=Zq3x9"
        #expect(shown(url, width: 40) == [String(url.prefix(40)), String(url.dropFirst(40))])
    }

    @Test func anAddressMovesWholeToTheNextLine() {
        let lines = shown("سياسة الخصوصية: https://example.com/privacy", width: 30)
        #expect(lines.count == 2)
        #expect(lines.last == "https://example.com/privacy")
    }

    @Test func aCodeIsOneUnit() {
        let lines = shown("الرمز: EgWWqBCNJm5XbZvUhJrCwS6Ezs1-zLfb", width: 34)
        #expect(lines.last == "EgWWqBCNJm5XbZvUhJrCwS6Ezs1-zLfb", "\(lines)")
    }

    @Test func anEmailKeepsItsOrderBesideArabic() {
        #expect(Bidi.visual(AddressIsolation.isolated("إلى: alice@example.com."), paragraph: .rightToLeft)
                .hasPrefix(".alice@example.com"))
    }

    @Test func wordsAndKeyNamesAreNotAddresses() {
        #expect(AddressIsolation.isolated("Press F1/? or Ctrl-C, then UTF") == "Press F1/? or Ctrl-C, then UTF")
        #expect(AddressIsolation.isolated("see a/b.") == "see \u{2066}a/b\u{2069}.")
        #expect(AddressIsolation.isolated("\u{2066}a/b\u{2069}") == "\u{2066}a/b\u{2069}")
    }
}
