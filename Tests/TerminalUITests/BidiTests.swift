import Foundation
import Testing
import TestSupport
@testable import TerminalUI

/// Reordering and shaping of mixed right-to-left text, checked against GNU FriBidi's own command-line tool
/// (`fribidi` from Debian's libfribidi-bin) for the same strings.
@Suite struct BidiTests {
    /// Mixed lines and the paragraph direction they are drawn in.
    static let lines: [(String, LayoutDirection)] = [
        ("مرحبا user@example.com 123", .rightToLeft),
        ("أرسلنا رمزًا إلى ann@example.com، أدخل 6 أرقام.", .rightToLeft),
        ("لا إله إلا الله", .rightToLeft),
        ("שלום (עולם) 123", .rightToLeft),
        ("ההודעה (ראו [פרטים]) נשלחה אל bob@example.com", .rightToLeft),
        ("Welcome, مرحبا بك (2024)!", .leftToRight),
        ("Signed in as דוד כהן", .leftToRight),
        ("گذرواژه‌ها باید یکسان باشند", .rightToLeft),
        ("اپنا ای میل درج کریں", .rightToLeft),
    ]

    /// What `fribidi` prints for `text`, without padding or line breaks, with its lam-alef fillers removed.
    private func fribidi(_ text: String, _ direction: LayoutDirection) throws -> String {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("bidi-\(UUID().uuidString).txt")
        try Data((text + "\n").utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try spawnClean(["fribidi", "--nopad", "--nobreak", "--reordernsm",
                                     direction == .rightToLeft ? "--rtl" : "--ltr", input.path])
        #expect(result.status == 0, "fribidi failed: \(result.output)")
        var output = result.output
        if output.hasSuffix("\n") { output.removeLast() }
        return String(String.UnicodeScalarView(output.unicodeScalars.filter { $0.value != 0xFEFF }))
    }

    @Test(arguments: lines)
    func reorderingAndShapingMatchTheFriBidiTool(text: String, direction: LayoutDirection) throws {
        #expect(Bidi.visual(text, paragraph: direction) == (try fribidi(text, direction)))
    }

    @Test func arabicLettersAreShapedIntoJoinedForms() {
        // م ر ح ب ا: initial meem, final reh, initial hah, medial beh, final alef, drawn right to left.
        #expect(Bidi.visual("مرحبا", paragraph: .rightToLeft) == "\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}")
        // Lam-alef becomes one ligature cell; the filler FriBidi leaves is not drawn.
        let ligature = Bidi.visual("لا", paragraph: .rightToLeft)
        #expect(ligature == "\u{FEFB}" && TextWidth.of(ligature) == 1)
    }

    @Test func latinTextIsLeftAloneInALeftToRightParagraph() {
        let text = "alice@example.com (2) [x]"
        #expect(Bidi.visual(text, paragraph: .leftToRight) == text)
    }

    @Test func aRightToLeftBufferMirrorsPositionsAndBrackets() {
        var buffer = Buffer(size: Size(width: 20, height: 2), direction: .rightToLeft)
        buffer.put("שלום (עולם)", x: 0, y: 0, role: .normal)
        buffer.put("› [", x: 0, y: 1, role: .normal)
        let lines = buffer.textLines()
        #expect(lines[0] == "         (םלוע) םולש")
        #expect(lines[1] == "                 ] ‹")
    }

    @Test func aCutLineKeepsItsLogicalStart() {
        var buffer = Buffer(size: Size(width: 10, height: 1), direction: .rightToLeft)
        buffer.put("שלום עולם ומלואו", x: 0, y: 0, role: .normal, maxWidth: 9)
        #expect(buffer.textLines()[0] == "  םלוע םולש".suffix(10).description)
    }

    @Test func theTerminalModeWritesLogicalOrderWithoutMirroring() {
        var buffer = Buffer(size: Size(width: 12, height: 1), direction: .rightToLeft, bidi: .terminal)
        buffer.put("שלום 12", x: 0, y: 0, role: .normal)
        #expect(buffer.direction == .leftToRight)
        #expect(buffer.textLines()[0] == "שלום 12")
    }

    @Test func aWidgetCutByAScrolledColumnIsStillReorderedAndMirrored() {
        var column = FormColumn(maxWidth: 10, spacing: 0)
        column.add(Label("אחת\nשתיים\nשלוש"))
        var buffer = Buffer(size: Size(width: 12, height: 2), direction: .rightToLeft)
        column.render(in: buffer.bounds, buffer: &buffer)
        let lines = buffer.textLines()
        #expect(lines[0] == "        תחא")
        #expect(lines[1].hasPrefix("▼") && lines[1].hasSuffix(" םייתש"))
    }
}

