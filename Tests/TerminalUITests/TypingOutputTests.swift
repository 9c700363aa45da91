@preconcurrency import CNcursesw
import Testing
@testable import TerminalUI

/// What reaches the terminal when one key is typed into a field: the character, not a redraw around it
/// (issue 31 item 22). ncurses returns the terminal to its own look at the end of every update, so a typed
/// character in any other look also costs an attribute sequence before it and a reset after it.
@MainActor
@Suite(.serialized) struct TypingOutputTests {
    /// The bytes one `draw` of `buffer` writes.
    private func sent(drawing buffer: Buffer, on headless: HeadlessTerminal) -> String {
        let before = headless.output().utf8.count
        headless.terminal.draw(buffer)
        return String(decoding: Array(headless.output().utf8.dropFirst(before)), as: UTF8.self)
    }

    /// A 40x4 frame with a focused email field holding `text`, the cursor after it.
    private func field(_ text: String, secure: SecureMode = .plain) -> Buffer {
        var buffer = Buffer(size: Size(width: 40, height: 4))
        TextField(label: "Email", text: text, cursor: text.count, placeholder: "Enter your email", isFocused: true,
                  secure: secure).render(in: Rect(x: 0, y: 1, width: 40, height: 2), buffer: &buffer)
        return buffer
    }

    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func aKeyTypedIntoAFieldSendsOnlyItsCharacter(_ term: String) throws {
        let theme = try Theme.parse(try shippedTheme("default"), name: "default")
        let headless = try HeadlessTerminal(theme: theme, term: term, rows: 4, columns: 40)
        defer { headless.close() }
        _ = sent(drawing: field("name@exam"), on: headless)
        #expect(sent(drawing: field("name@examp"), on: headless) == "p")
        #expect(sent(drawing: field("name@examp日"), on: headless) == "日")
        _ = sent(drawing: field("secre", secure: .masked), on: headless)
        #expect(sent(drawing: field("secret", secure: .masked), on: headless) == "•")
    }

    @Test func rolesInTheTerminalsOwnColoursAreDrawnWithoutAPairOrAReset() throws {
        let theme = try Theme.parse("normal = default\nlabel = default on default\ntitle = red", name: "plain")
        let headless = try HeadlessTerminal(theme: theme, term: "tmux-256color")
        defer { headless.close() }
        var buffer = Buffer(size: Size(width: 20, height: 6))
        buffer.put("ab", x: 0, y: 0, role: .label)
        buffer.put("T", x: 0, y: 2, role: .title)
        buffer.cursor = Point(x: 2, y: 0)
        _ = sent(drawing: buffer, on: headless)
        #expect(headless.cell(x: 0, y: 0).pair == 0)
        #expect(headless.cell(x: 0, y: 2).pair != 0)
        buffer.put("c", x: 2, y: 0, role: .label)
        buffer.cursor = Point(x: 3, y: 0)
        #expect(sent(drawing: buffer, on: headless) == "c")
        buffer.put("U", x: 0, y: 2, role: .title)
        #expect(sent(drawing: buffer, on: headless).contains("\u{1B}[31m"), "a coloured role still sets its colour")
    }
}
