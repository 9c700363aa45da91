import Testing
import TestSupport
@testable import TerminalUI

@Suite struct AlertWidgetTests {
    private let message = "The password is invalid or the user does not have a password. Check the email address "
        + "you typed, or use \"Trouble signing in?\" to reset your password.\nCode: auth/wrong-password"

    private func screen(_ width: Int, _ height: Int) -> Buffer {
        var buffer = Buffer(size: Size(width: width, height: height))
        for y in 0..<height { buffer.put(String(repeating: "x", count: width), x: 0, y: y, role: .normal) }
        buffer.cursor = Point(x: 1, y: 1)
        return buffer
    }

    @Test func alertAt80x24() {
        var buffer = screen(80, 24)
        Alert(title: "Error", message: message, buttons: ["OK"], focusedButton: 0)
            .render(over: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "alert-80x24")
        #expect(buffer.cursor == nil)
        let title = buffer.position(of: "Error")!
        #expect(buffer[title.x, title.y].role == .alertTitle)
        #expect(buffer[10, title.y].text == "┌" && buffer[10, title.y].role == .border)
        #expect(buffer[69, title.y].text == "┐")
    }

    @Test func alertAt40x12WithTwoButtons() {
        var buffer = screen(40, 12)
        Alert(title: "Delete account?", message: message, buttons: ["Cancel", "Delete"], focusedButton: 1)
            .render(over: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "alert-40x12")
        let focused = buffer.position(of: "[ Delete ]")!
        #expect(buffer[focused.x, focused.y].role == .buttonFocused)
        #expect(buffer[focused.x - 2, focused.y].text == "›")
        #expect(buffer[buffer.position(of: "[ Cancel ]")!.x, focused.y].role == .button)
    }

    @Test func alertTooTallForTheScreenEndsItsMessageWithEllipsis() {
        var buffer = screen(30, 8)
        Alert(title: "Error", message: message).render(over: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "alert-30x8-cut")
        let lines = buffer.textLines()
        #expect(lines.first!.hasPrefix("x┌"))
        #expect(lines.last!.hasPrefix("x└"))
        #expect(lines[1].hasPrefix("x│ The password"))
        #expect(lines[4].contains("…"))
        #expect(lines[6].contains("› [ OK ]"))
    }

    @Test func sheetHoldsWidgetsAndKeepsTheFocusedFieldsCursor() {
        var buffer = screen(80, 24)
        let sheet = Sheet(title: "Reauthenticate", rows: [
            Label("Enter your password to continue.", alignment: .center),
            TextField(label: "Password", text: "hunter2", cursor: 7, isFocused: true, secure: .masked),
            Button("Continue", isFocused: false),
            LinkRow(link: "Cancel", isFocused: false),
        ], focusedRow: 1)
        sheet.render(over: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "sheet-80x24")
        let bullets = buffer.position(of: "•••••••")!
        #expect(buffer.cursor == Point(x: bullets.x + 7, y: bullets.y))
    }

    @Test func tallSheetScrollsToItsFocusedRow() {
        var buffer = screen(40, 12)
        let rows: [any Widget] = (1...5).map { index in
            TextField(label: "Field \(index)", text: "value \(index)", cursor: 0, isFocused: index == 4)
        }
        Sheet(title: "Confirm", rows: rows, focusedRow: 3).render(over: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "sheet-40x12-scrolled")
        #expect(buffer.position(of: "Field 4") != nil)
        #expect(buffer.position(of: "▲") != nil)
        #expect(buffer.cursor == buffer.position(of: "value 4"))
    }

    /// Regression: at 40x12 two Japanese buttons were cut to equal shares ("キャンセ…") though the row held both.
    @Test func buttonsKeepWholeCaptionsWhenTheRowHoldsThem() {
        var buffer = Buffer(size: Size(width: 40, height: 12))
        Alert(title: "終了しますか？", message: "入力した内容は失われます。", buttons: ["キャンセル", "終了"])
            .render(over: buffer.bounds, buffer: &buffer)
        let lines = buffer.textLines()
        #expect(lines.contains { $0.contains("[ キャンセル ]") && $0.contains("[ 終了 ]") }, "\(lines)")
        var narrow = Buffer(size: Size(width: 30, height: 12))
        Alert(title: "Quit?", message: "Lost.", buttons: ["A very long caption", "Another long one"])
            .render(over: narrow.bounds, buffer: &narrow)
        #expect(narrow.textLines().contains { $0.contains("…") }, "too long for the row: shares, cut")
    }
}
