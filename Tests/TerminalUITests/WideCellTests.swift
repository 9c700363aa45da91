import Testing
import TestSupport
@testable import TerminalUI

/// No widget leaves half a wide character behind (issue 13 item 11).
@Suite struct WideCellTests {
    /// A 40x12 buffer whose every row is Japanese, so any box edge falls on a character's halves.
    private func japaneseScreen(shift: Int) -> Buffer {
        var buffer = Buffer(size: Size(width: 40, height: 12))
        for y in 0..<12 { buffer.put(String(repeating: " ", count: shift) + "日本語のテキスト日本語のテキスト日本語のテキスト", x: 0, y: y, role: .normal) }
        return buffer
    }

    @Test(arguments: [0, 1])
    func overlaysDrawnOverWideTextLeaveNoHalfCharacter(shift: Int) {
        var busy = japaneseScreen(shift: shift)
        BusyIndicator(frame: 0, text: "認証しています…", hint: "Esc で待機をやめる").render(over: busy.bounds, buffer: &busy)
        #expect(busy.splitWideCells.isEmpty, "busy box: \(busy.splitWideCells)")

        var alert = japaneseScreen(shift: shift)
        Alert(title: "エラー", message: "メールアドレスが正しくありません。").render(over: alert.bounds, buffer: &alert)
        #expect(alert.splitWideCells.isEmpty, "alert: \(alert.splitWideCells)")

        var filled = japaneseScreen(shift: shift)
        filled.fill(Rect(x: 3, y: 2, width: 5, height: 3), role: .normal)
        #expect(filled.splitWideCells.isEmpty, "fill: \(filled.splitWideCells)")
    }

    @Test func aCharacterWhoseHalfIsOverwrittenBecomesABlankOfItsRole() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.put("日本語", x: 0, y: 0, role: .hint)
        buffer[1, 0] = Cell(text: "│", role: .border)
        buffer[4, 0] = Cell(text: "x")
        #expect(buffer.textLines() == [" │本x"])
        #expect(buffer[0, 0].role == .hint && buffer[5, 0].role == .hint)
        #expect(buffer.splitWideCells.isEmpty)
    }

    @Test func recolouringAWideCharacterKeepsIt() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.put("日本", x: 0, y: 0, role: .normal)
        buffer.recolor(x: 0, y: 0, width: 4, colors: CellColors(foreground: .default, background: .default))
        #expect(buffer.textLines() == ["日本"])
        #expect(buffer.splitWideCells.isEmpty)
    }
}
