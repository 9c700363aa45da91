import Testing
@testable import TerminalUI

@Suite("Layout: lengths, minimums and fills, horizontal and vertical")
struct LayoutSplitTests {
    @Test func aHeaderABodyAndAFooter() {
        let parts = Layout.vertical(.cells(1), .fill, .cells(1)).split(Rect(Size(width: 80, height: 24)))
        #expect(parts == [Rect(x: 0, y: 0, width: 80, height: 1), Rect(x: 0, y: 1, width: 80, height: 22),
                          Rect(x: 0, y: 23, width: 80, height: 1)])
    }

    @Test func aMinimumTakesWhatIsLeftAndSaysWhetherItFits() {
        let beside = Layout.horizontal(.cells(1), .cells(10), .atLeast(5))
        #expect(beside.minimum == 16)
        #expect(beside.fits(Rect(x: 3, y: 2, width: 16, height: 1)))
        #expect(!beside.fits(Rect(x: 3, y: 2, width: 15, height: 1)))
        #expect(beside.split(Rect(x: 3, y: 2, width: 30, height: 4))
                == [Rect(x: 3, y: 2, width: 1, height: 4), Rect(x: 4, y: 2, width: 10, height: 4),
                    Rect(x: 14, y: 2, width: 19, height: 4)])
    }

    @Test func growingPartsShareTheRestTheFirstOnesTakingWhatDoesNotDivide() {
        let area = Rect(x: 0, y: 0, width: 10, height: 1)
        #expect(Layout.horizontal(.fill, .fill, .fill).split(area).map(\.width) == [4, 3, 3])
        #expect(Layout.horizontal(.atLeast(2), .cells(1), .fill).split(area).map(\.width) == [6, 1, 3])
        #expect(Layout.horizontal(.fill, .cells(4)).split(area).map(\.x) == [0, 6])
    }

    @Test func spacingSeparatesThePartsAndCountsInTheMinimum() {
        let stack = Layout.vertical(.cells(2), .cells(3), spacing: 1)
        #expect(stack.minimum == 6)
        #expect(stack.split(Rect(x: 5, y: 3, width: 7, height: 10))
                == [Rect(x: 5, y: 3, width: 7, height: 2), Rect(x: 5, y: 6, width: 7, height: 3)])
        #expect(Layout.vertical(spacing: 1).minimum == 0)
    }

    @Test func anAreaTooShortCutsTheLastPartsAndNeverReachesOutside() {
        let area = Rect(x: 2, y: 0, width: 7, height: 1)
        let parts = Layout.horizontal(.cells(5), .atLeast(5), .fill, spacing: 1).split(area)
        #expect(parts.map(\.width) == [5, 1, 0])
        #expect(parts.allSatisfy { $0.x >= area.x && $0.maxX <= area.maxX })
    }
}
