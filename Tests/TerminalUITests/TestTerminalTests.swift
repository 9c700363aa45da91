import Testing
import TerminalUI

@MainActor
@Suite struct TestTerminalTests {
    @Test func returnsQueuedKeysInOrderThenNil() {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        #expect(terminal.nextKey(timeoutMilliseconds: 100) == nil)
        terminal.enqueue([.character("a"), .tab])
        terminal.enqueue([.enter])
        #expect(terminal.pendingKeys == [.character("a"), .tab, .enter])
        #expect(terminal.nextKey(timeoutMilliseconds: 0) == .character("a"))
        #expect(terminal.nextKey(timeoutMilliseconds: 0) == .tab)
        #expect(terminal.nextKey(timeoutMilliseconds: 0) == .enter)
        #expect(terminal.nextKey(timeoutMilliseconds: 0) == nil)
    }

    @Test func keepsLastFrameAndCountsFrames() {
        let terminal = TestTerminal(size: Size(width: 10, height: 2))
        #expect(terminal.lastFrame == nil)
        #expect(terminal.frameCount == 0)
        var first = Buffer(size: terminal.size)
        first.put("one", x: 0, y: 0, role: .title)
        terminal.draw(first)
        var second = Buffer(size: terminal.size)
        second.put("登入", x: 1, y: 1, role: .normal)
        terminal.draw(second)
        #expect(terminal.frameCount == 2)
        #expect(terminal.lastFrame == second)
        #expect(terminal.lastFrame?.textLines() == ["", " 登入"])
    }

    @Test func resizeChangesSizeAndQueuesResizeAfterPendingKeys() {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        terminal.enqueue([.up])
        terminal.resize(to: Size(width: 40, height: 12))
        #expect(terminal.size == Size(width: 40, height: 12))
        #expect(terminal.nextKey(timeoutMilliseconds: 0) == .up)
        #expect(terminal.nextKey(timeoutMilliseconds: 0) == .resize)
    }
}
