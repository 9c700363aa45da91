import Testing
import TestSupport
@testable import TerminalUI

@Suite struct BusyIndicatorWidgetTests {
    @Test func centredBoxWithSpinnerAndHint() {
        var buffer = Buffer(size: Size(width: 40, height: 12))
        BusyIndicator(frame: 2, text: "Signing in…", hint: "Esc to stop waiting")
            .render(over: buffer.bounds, buffer: &buffer)
        assertSnapshot(buffer, named: "busy-indicator")
        let spinner = buffer.position(of: "⠹")!
        #expect(buffer[spinner.x, spinner.y].role == .busy)
        #expect(buffer[spinner.x, spinner.y + 1].role == .hint)
    }

    @Test func spinnerAdvancesWithTheFrameAndRepeats() {
        let glyphs = (0..<BusyIndicator.spinner.count).map { BusyIndicator(frame: $0, text: "").glyph }
        #expect(Set(glyphs).count == BusyIndicator.spinner.count)
        #expect(BusyIndicator(frame: BusyIndicator.spinner.count, text: "").glyph == glyphs[0])
        #expect(BusyIndicator(frame: -1, text: "").glyph == glyphs.last)
        #expect(BusyIndicator(frame: 0, text: "Wait").height(width: 40) == 3)
    }
}
