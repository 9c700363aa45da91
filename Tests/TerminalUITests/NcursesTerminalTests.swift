@preconcurrency import CNcursesw
import Foundation
import Testing
@testable import TerminalUI

/// An ncurses terminal on a temporary output file and a pipe for input (by default without signals or exit hook).
@MainActor
final class HeadlessTerminal {
    let terminal: NcursesTerminal
    let outputPath: String
    private let inputWriter: Int32

    init(theme: Theme = HeadlessTerminal.theme, colors: Bool = true, term: String = "xterm-256color",
         rows: Int32 = 6, columns: Int32 = 20, ownsProcess: Bool = false) throws {
        outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("ncurses-\(UUID()).out").path
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        inputWriter = fds[1]
        let device = NcursesTerminal.Device(termType: term, output: fopen(outputPath, "w"),
                                            input: fdopen(fds[0], "r"), ownsProcess: ownsProcess)
        terminal = try NcursesTerminal(theme: theme, colors: colors, device: device)
        resizeterm(rows, columns)
        _ = terminal.nextKey(timeoutMilliseconds: 0)
    }

    static let theme = (try? Theme.parse("""
        normal = default
        title = red +bold
        buttonFocused = white on #D0021B +bold +reverse
        """, name: "headless")) ?? Theme(name: "empty", styles: [:])

    /// Sends bytes as if typed.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(inputWriter, $0.baseAddress, $0.count) }
    }

    /// Everything written to the terminal so far.
    func output() -> String {
        fflush(nil)
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// What ncurses holds for row `y` (wide characters once, like a terminal shows them).
    func row(_ y: Int32) -> String {
        var text = [wchar_t](repeating: 0, count: Int(getmaxx(terminal.window)) + 1)
        mvwinnwstr(terminal.window, y, 0, &text, Int32(text.count - 1))
        return String(String.UnicodeScalarView(text.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32($0)) }))
    }

    /// The character, attributes and colour pair ncurses holds at a cell.
    func cell(x: Int32, y: Int32) -> (character: wchar_t, attributes: attr_t, pair: Int16) {
        var stored = cchar_t()
        mvwin_wch(terminal.window, y, x, &stored)
        var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        var attributes: attr_t = 0
        var pair: Int16 = 0
        getcchar(&stored, &characters, &attributes, &pair, nil)
        return (characters[0], attributes & ~attr_t(bitPattern: Int32(truncatingIfNeeded: 0xFF00)), pair)
    }

    func close() {
        terminal.restore()
        _ = Glibc.close(inputWriter)
        unlink(outputPath)
    }
}

/// A frame of the headless terminal's size with text written in.
private func frame(_ lines: [(String, Int, Int)], role: StyleRole = .normal,
                   width: Int = 20, height: Int = 6) -> Buffer {
    var buffer = Buffer(size: Size(width: width, height: height))
    for (text, x, y) in lines { buffer.put(text, x: x, y: y, role: role) }
    return buffer
}

@MainActor
@Suite(.serialized) struct NcursesTerminalTests {
    @Test func opensWithBracketedPasteAndRestoresOnce() throws {
        let headless = try HeadlessTerminal()
        #expect(headless.terminal.size == Size(width: 20, height: 6))
        #expect(headless.output().contains("\u{1B}[?2004h"))
        #expect(!headless.output().contains("\u{1B}[?2004l"))
        headless.terminal.restore()
        headless.terminal.restore()
        #expect(headless.output().components(separatedBy: "\u{1B}[?2004l").count == 2)
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 0) == nil)
        headless.terminal.draw(frame([("after restore", 0, 0)]))
        headless.close()
    }

    @Test func drawsWideCharactersWithTheirRoleLook() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.terminal.draw(frame([("登入 OK", 2, 1)], role: .title))
        #expect(headless.row(1) == "  登入 OK" + String(repeating: " ", count: 11))
        let left = headless.cell(x: 2, y: 1), right = headless.cell(x: 3, y: 1), next = headless.cell(x: 4, y: 1)
        #expect(left.character == 0x767B && right.character == 0x767B && next.character == 0x5165)
        let titlePair = Int16(StyleRole.allCases.firstIndex(of: .title)! + 1)
        #expect(left.attributes == shim_A_BOLD() && left.pair == titlePair)
        var foreground: Int16 = 0, background: Int16 = 0
        pair_content(titlePair, &foreground, &background)
        #expect(foreground == 1 && background == -1)
        #expect(headless.output().contains("登入 OK"))
    }

    /// Issue 31 item 21: an address's rows are OSC 8 links to the whole address where the terminal shows links,
    /// written once (the same characters, so ncurses' screen stays true), again only when they change.
    @Test func addressRowsAreHyperlinksWrittenOnce() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        let address = "https://example.com/a?b=c"
        var buffer = Buffer(size: Size(width: 20, height: 6))
        AddressBlock(address, isHyperlink: true).render(in: Rect(x: 0, y: 1, width: 20, height: 2), buffer: &buffer)
        let first = "\u{1B}]8;;\(address)\u{1B}\\https://example.com/\u{1B}]8;;\u{1B}\\"
        let second = "\u{1B}]8;;\(address)\u{1B}\\a?b=c\u{1B}]8;;\u{1B}\\"
        headless.terminal.draw(buffer)
        #expect(!headless.output().contains("\u{1B}]8;"), "no links unless the terminal shows them")

        headless.terminal.showsHyperlinks = true
        headless.terminal.redrawAll()
        headless.terminal.draw(buffer)
        #expect(headless.output().contains(first) && headless.output().contains(second))
        #expect(headless.output().contains("\u{1B}[2;1H") && headless.output().contains("\u{1B}[3;1H"))
        #expect(headless.row(1) == "https://example.com/" && headless.row(2).hasPrefix("a?b=c "))
        let written = headless.output().components(separatedBy: "\u{1B}]8;;").count
        headless.terminal.draw(buffer)
        #expect(headless.output().components(separatedBy: "\u{1B}]8;;").count == written, "unchanged: not again")

        // A layer over the first row takes its link away; the second row keeps its own, not written again.
        var covered = buffer
        covered.put("┌ alert ┐", x: 2, y: 1, role: .normal)
        headless.terminal.draw(covered)
        #expect(headless.output().components(separatedBy: "\u{1B}]8;;").count == written)
        headless.terminal.draw(buffer)
        #expect(headless.output().components(separatedBy: first).count == 3, "uncovered: linked again")
    }

    @Test func rolesGetAttributesAndOwnColourPairs() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.terminal.draw(frame([("OK", 0, 0)], role: .buttonFocused))
        let cell = headless.cell(x: 0, y: 0)
        #expect(cell.attributes == shim_A_BOLD() | shim_A_REVERSE())
        var foreground: Int16 = 0, background: Int16 = 0
        pair_content(cell.pair, &foreground, &background)
        #expect(foreground == 7 && background == 160)
    }

    @Test func explicitCellColoursGetAPairOfTheirOwnOnce() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        var buffer = frame([("LINE", 0, 0), ("also", 0, 1)], role: .providerCustom)
        let brand = CellColors(foreground: .indexed(231), background: ThemeColor(parsing: "#00C300")!)
        buffer.recolor(x: 0, y: 0, width: 4, colors: brand)
        buffer.recolor(x: 0, y: 1, width: 4, colors: brand)
        headless.terminal.draw(buffer)
        let first = headless.cell(x: 0, y: 0), second = headless.cell(x: 0, y: 1)
        #expect(first.pair > Int16(StyleRole.allCases.count))
        #expect(second.pair == first.pair)
        var foreground: Int16 = 0, background: Int16 = 0
        pair_content(first.pair, &foreground, &background)
        let green = try #require(ThemeColor(parsing: "#00C300")?.paletteIndex(colorCount: 256))
        #expect(foreground == 231 && Int(background) == Int(green))
    }

    @Test func withoutColoursOnlyAttributesRemain() throws {
        let headless = try HeadlessTerminal(colors: false)
        defer { headless.close() }
        headless.terminal.draw(frame([("OK", 0, 0)], role: .buttonFocused))
        let cell = headless.cell(x: 0, y: 0)
        #expect(cell.attributes == shim_A_BOLD() | shim_A_REVERSE())
        #expect(cell.pair == 0)
    }

    @Test func writesOnlyChangedCellsUntilRedrawAll() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.terminal.draw(frame([("hello", 0, 0)]))
        mvwaddstr(headless.terminal.window, 0, 10, "Z")
        mvwaddstr(headless.terminal.window, 2, 0, "Q")
        headless.terminal.draw(frame([("hello", 0, 0), ("new", 0, 3)]))
        #expect(headless.row(0).hasPrefix("hello     Z"))
        #expect(headless.row(2).hasPrefix("Q"))
        #expect(headless.row(3).hasPrefix("new"))
        headless.terminal.redrawAll()
        headless.terminal.draw(frame([("hello", 0, 0), ("new", 0, 3)]))
        #expect(headless.row(0) == "hello" + String(repeating: " ", count: 15))
        #expect(headless.row(2) == String(repeating: " ", count: 20))
    }

    @Test func replacingHalfOfAWideCharacterKeepsColumnsAligned() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.terminal.draw(frame([("登入x", 0, 0)]))
        var narrower = frame([("登入x", 0, 0)])
        narrower.put("ab", x: 0, y: 0, role: .normal)
        headless.terminal.draw(narrower)
        #expect(headless.row(0).hasPrefix("ab入x "))
        var broken = narrower
        broken[2, 0] = Cell(text: "z")
        headless.terminal.draw(broken)
        #expect(headless.row(0).hasPrefix("abz x "), "orphaned right half drawn as a blank")
        var tooWide = broken
        tooWide[0, 0] = Cell(text: "登")
        headless.terminal.draw(tooWide)
        #expect(headless.row(0).hasPrefix("\u{FFFD}bz x "), "a wide glyph in one column is replaced")
    }

    @Test func showsCursorOnlyWhereTheBufferAsks() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        var buffer = frame([("field", 0, 2)])
        buffer.cursor = Point(x: 3, y: 2)
        headless.terminal.draw(buffer)
        #expect(getcury(headless.terminal.window) == 2 && getcurx(headless.terminal.window) == 3)
        #expect(headless.terminal.cursorVisible)
        buffer.cursor = Point(x: 25, y: 2)
        headless.terminal.draw(buffer)
        #expect(!headless.terminal.cursorVisible)
    }

    @Test func decodesTypedKeysPasteAndSequences() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.type("a\u{1B}OA\u{1B}[200~line 1\r\n登入 \u{1B}[A\u{1B}[201~\u{1B}[99~z\u{1B}[Z\u{1B}x\u{7F}\u{01}")
        var keys: [Key] = []
        while let key = headless.terminal.nextKey(timeoutMilliseconds: 100) { keys.append(key) }
        #expect(keys == [.character("a"), .up, .paste("line 1\n登入 \u{1B}[A"), .character("z"), .backTab, .escape,
                         .character("x"), .backspace, .control("a")])
    }

    /// Regression (issue 9): after a paste whose text held its own end marker, tens of thousands of keys were
    /// typed ahead of the Ctrl-C that ended a fuzz round, and the interface took minutes to reach it.
    @Test func ctrlCTypedBehindABurstOfInputComesFirst() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.type(String(repeating: "ab\u{1B}[A", count: 8_000) + "\u{03}x")
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 5000) == .control("c"))
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 5000) == .character("x"))
        #expect(!headless.terminal.hasPendingKeys)
    }

    @Test func keysAlreadyTypedAreReadAheadAndReportedAsPending() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.type("abc")
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 5000) == .character("a"))
        #expect(headless.terminal.hasPendingKeys)
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 0) == .character("b"))
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 0) == .character("c"))
        #expect(!headless.terminal.hasPendingKeys)
    }

    @Test func loneEscapeArrivesQuickly() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        let clock = ContinuousClock()
        let start = clock.now
        headless.type("\u{1B}")
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 5000) == .escape)
        #expect(clock.now - start < .milliseconds(2500))
    }

    @Test func returnsNilAfterTheTimeout() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 60) == nil)
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(50) && elapsed < .milliseconds(5000))
    }

    @Test func resizeUpdatesSizeAndRedrawsEverything() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.terminal.draw(frame([("before", 0, 0)]))
        resizeterm(8, 30)
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 100) == .resize)
        #expect(headless.terminal.size == Size(width: 30, height: 8))
        mvwaddstr(headless.terminal.window, 7, 0, "stale")
        headless.terminal.draw(frame([("after", 0, 0)], width: 30, height: 8))
        #expect(headless.row(0).hasPrefix("after "))
        #expect(headless.row(7) == String(repeating: " ", count: 30))
    }

    @Test func drawsSmallerBuffersAndClipsLargerOnes() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        headless.terminal.draw(frame([("big frame clipped at the edge", 0, 5)], width: 40, height: 10))
        #expect(headless.row(5) == "big frame clipped at")
        headless.terminal.draw(frame([("small", 0, 0)], width: 8, height: 2))
        #expect(headless.row(0) == "small" + String(repeating: " ", count: 15))
        #expect(headless.row(5) == String(repeating: " ", count: 20))
    }

    @Test func terminationSignalEndsTheWaitAndIsReported() throws {
        let headless = try HeadlessTerminal(ownsProcess: true)
        defer { headless.close() }
        #expect(headless.terminal.pendingTermination == nil)
        // Test threads block most signals: raise SIGTERM on a thread that unblocks it, while the terminal waits.
        Thread.detachNewThread {
            usleep(100_000)
            var terminate = sigset_t()
            sigemptyset(&terminate)
            sigaddset(&terminate, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &terminate, nil)
            raise(SIGTERM)
        }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(headless.terminal.nextKey(timeoutMilliseconds: 5000) == nil)
        #expect(clock.now - start < .milliseconds(1000))
        #expect(headless.terminal.pendingTermination == SIGTERM)
    }

    @Test(arguments: ["no-such-terminal-xyz", "dumb"])
    func unusableTerminalTypesThrow(_ term: String) {
        #expect(throws: TerminalError.unknownTerminal(term)) { try HeadlessTerminal(term: term) }
    }

    @Test func glyphsAreSafeForTheirColumns() {
        #expect(NcursesTerminal.glyph(for: "a", columns: 1) == [0x61, 0])
        #expect(NcursesTerminal.glyph(for: "e\u{301}", columns: 1) == [0x65, 0x301, 0])
        #expect(NcursesTerminal.glyph(for: "\u{1B}", columns: 1) == [0xFFFD, 0])
        #expect(NcursesTerminal.glyph(for: "\u{9B}", columns: 1) == [0xFFFD, 0])
        #expect(NcursesTerminal.glyph(for: "登", columns: 2) == [0x767B, 0])
        #expect(NcursesTerminal.glyph(for: "登", columns: 1) == [0xFFFD, 0])
        #expect(NcursesTerminal.glyph(for: "", columns: 1) == [32, 0])
        #expect(NcursesTerminal.glyph(for: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", columns: 2) == [0x1F468, 0],
                "no joiner: a terminal would join the next cell written into this one")
    }

    /// Regression (issue 27 item 14): a ZWJ emoji's cell ended in U+200D, and tmux joined the next emoji written
    /// after it into the same cell, so a row drawn whole and a row drawn in changed cells took different widths.
    @Test func noCellCarriesAJoinerToTheTerminal() throws {
        let headless = try HeadlessTerminal()
        defer { headless.close() }
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        headless.terminal.draw(frame([("[a\u{1F44D}b]", 0, 0)]))
        headless.terminal.draw(frame([("[a" + family + "\u{1F44D}b]", 0, 0)]))
        headless.terminal.redrawAll()
        headless.terminal.draw(frame([("[a" + family + "\u{1F44D}b]", 0, 0)]))
        #expect(!headless.output().unicodeScalars.contains("\u{200D}"))
        #expect(headless.row(0).hasPrefix("[a\u{1F468}\u{1F44D}b]"))
    }
}
