/// The part of a one-line text that fits in `width` columns while keeping the cursor cell visible.
///
/// Scrolling is by whole glyphs and measured in display columns, so wide characters are never cut.
/// It is recomputed from the cursor alone: the view moves only as far as needed to show the cursor.
struct ScrolledText {
    /// The glyphs to draw, in logical order.
    let visibleGlyphs: [String]
    /// The cursor as an index into `visibleGlyphs` (their count when it stands after the last one).
    let cursorInView: Int
    /// True when glyphs are hidden before the first visible one.
    let isCutBefore: Bool
    /// True when glyphs are hidden after the last visible one.
    let isCutAfter: Bool

    init(glyphs: [String], cursor: Int, width: Int) {
        let widths = glyphs.map { TextWidth.of($0) }
        let cursorIndex = min(max(0, cursor), glyphs.count)
        let columnsBeforeCursor = widths[..<cursorIndex].reduce(0, +)
        let cursorWidth = cursorIndex < glyphs.count ? max(1, widths[cursorIndex]) : 1
        var start = 0, skipped = 0
        while start < cursorIndex, columnsBeforeCursor + cursorWidth - skipped > width {
            skipped += widths[start]
            start += 1
        }
        var end = start, used = 0
        while end < glyphs.count, used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        visibleGlyphs = Array(glyphs[start..<end])
        cursorInView = cursorIndex - start
        isCutBefore = start > 0
        isCutAfter = end < glyphs.count
    }
}
