import Testing
@testable import TerminalUI

/// The scroll bar beside a column taller than its area, and the column scrolled to a row the person chose.
@Suite struct ScrollBarTests {
    /// The thumb is the share in view, at its place; it reaches an end of its track only at that end.
    @Test func theThumbFollowsThePosition() {
        let bar = { (first: Int) in ScrollBar(extent: ScrollExtent(rows: 24, visibleRows: 8, firstRow: first)) }
        #expect(bar(0).thumb(track: 6) == 0..<2)
        #expect(bar(16).thumb(track: 6) == 4..<6)
        #expect(bar(1).thumb(track: 6).lowerBound == 1)
        #expect(bar(15).thumb(track: 6).upperBound == 5)
        #expect(bar(8).thumb(track: 6) == 2..<4)
    }

    private func column(firstRow: Int?) -> FormColumn {
        var column = FormColumn(maxWidth: 10, spacing: 0)
        for index in 0..<12 { column.add(Label("row \(index)"), focused: index == 11) }
        column.firstRow = firstRow
        return column
    }

    private func lines(_ column: FormColumn, direction: LayoutDirection = .leftToRight) -> [String] {
        var buffer = Buffer(size: Size(width: 12, height: 6), direction: direction)
        column.render(in: buffer.bounds, buffer: &buffer)
        return buffer.textLines()
    }

    @Test func aColumnFollowsItsFocusUnlessScrolledAndTheBarSaysWhere() {
        #expect(lines(column(firstRow: nil)) == [" row 6     ▲", " row 7", " row 8", " row 9     ┃",
                                                 " row 10    ┃", " row 11"])
        #expect(lines(column(firstRow: 0)) == [" row 0", " row 1     ┃", " row 2     ┃", " row 3", " row 4",
                                               " row 5     ▼"])
        #expect(lines(column(firstRow: 40)) == lines(column(firstRow: nil)), "a row past the end shows the end")
        #expect(column(firstRow: 3).extent(in: Rect(Size(width: 12, height: 6)))
            == ScrollExtent(rows: 12, visibleRows: 6, firstRow: 3))
    }

    @Test func theBarChangesSidesRightToLeft() {
        #expect(lines(column(firstRow: 0), direction: .rightToLeft).last?.hasPrefix("▼") == true)
    }
}
