@preconcurrency import CNcursesw

extension NcursesTerminal {
    /// Writes the buffer's changed cells (or all of them) into the ncurses window and places the cursor.
    func writeCells(of buffer: Buffer) {
        let rows = min(buffer.size.height, size.height)
        let columns = min(buffer.size.width, size.width)
        let previous = needsFullRedraw ? nil : drawnFrame.flatMap { $0.size == buffer.size ? $0 : nil }
        if previous == nil { werase(window) }
        for y in 0..<rows {
            guard var span = changedSpan(row: y, columns: columns, in: buffer, since: previous) else { continue }
            // Start on the left half of a wide character (new or old) and end after the right half.
            while span.lowerBound > 0, buffer[span.lowerBound, y].isContinuation
                    || previous?[span.lowerBound, y].isContinuation == true {
                span = (span.lowerBound - 1)...span.upperBound
            }
            while span.upperBound + 1 < columns, buffer[span.upperBound + 1, y].isContinuation {
                span = span.lowerBound...(span.upperBound + 1)
            }
            writeRow(y, span: span, of: buffer, columns: columns)
        }
        placeCursor(buffer.cursor, rows: rows, columns: columns)
    }

    /// The columns of a row that differ from the previous frame; without one, from the erased window: its cells
    /// other than blank `normal` ones (all of them when erasing leaves another look).
    private func changedSpan(row y: Int, columns: Int, in buffer: Buffer,
                             since previous: Buffer?) -> ClosedRange<Int>? {
        guard columns > 0 else { return nil }
        let differs: (Int) -> Bool
        if let previous {
            differs = { buffer[$0, y] != previous[$0, y] }
        } else if erasesToBlankCells {
            differs = { !Self.isErased(buffer[$0, y]) }
        } else {
            return 0...(columns - 1)
        }
        guard let first = (0..<columns).first(where: differs),
              let last = (0..<columns).last(where: differs) else { return nil }
        return first...last
    }

    /// Whether a cell looks like an erased one when `erasesToBlankCells`: a blank in the `normal` role's colours
    /// (checked field by field, cheapest first: most cells of a first frame are blank).
    private static func isErased(_ cell: Cell) -> Bool {
        cell.colors == nil && cell.role == .normal && cell.text == " "
    }

    /// Makes erasing fill the window with blanks in the colours of `normal`'s look; true when that is all its look
    /// is (its attributes are not kept by erasing, as ncurses would add them to every character written).
    static func eraseInNormalColors(_ window: UnsafeMutablePointer<WINDOW>, look: CursesLook?) -> Bool {
        guard let look else { return false }
        var background = cchar_t()
        guard setcchar(&background, blank, shim_A_NORMAL(), look.pair, nil) == OK else { return false }
        wbkgrndset(window, &background)
        return look.attributes == shim_A_NORMAL()
    }

    /// Writes the cells of a span; a wide character covers its continuation cell.
    private func writeRow(_ y: Int, span: ClosedRange<Int>, of buffer: Buffer, columns: Int) {
        var x = span.lowerBound
        // Neighbouring cells mostly share a role: its look is found once per run.
        var runRole: StyleRole?
        var runLook = Self.plainLook
        while x <= span.upperBound {
            let cell = buffer[x, y]
            let wide = !cell.isContinuation && x + 1 < columns && buffer[x + 1, y].isContinuation
            if cell.role != runRole {
                runRole = cell.role
                runLook = looks[cell.role] ?? Self.plainLook
            }
            var look = runLook
            if let colors = cell.colors, let pair = palette?.pair(for: colors) { look.pair = pair }
            // A continuation cell without its left half is drawn as a blank.
            let glyph = cell.isContinuation ? Self.blank : Self.glyph(for: cell.text, columns: wide ? 2 : 1)
            var character = cchar_t()
            if setcchar(&character, glyph, look.attributes, look.pair, nil) == OK {
                mvwadd_wch(window, Int32(y), Int32(x), &character)
            }
            if wide, Self.displayWidth(glyph) == 1 {
                var blank = cchar_t()
                let space: [wchar_t] = [32, 0]
                if setcchar(&blank, space, look.attributes, look.pair, nil) == OK {
                    mvwadd_wch(window, Int32(y), Int32(x + 1), &blank)
                }
            }
            x += wide ? 2 : 1
        }
    }

    /// Shows the cursor at the buffer's cursor position, or hides it.
    private func placeCursor(_ cursor: Point?, rows: Int, columns: Int) {
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < columns, cursor.y < rows {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            if !cursorVisible { curs_set(1) }
            cursorVisible = true
        } else {
            if cursorVisible { curs_set(0) }
            cursorVisible = false
        }
    }

    /// The NUL-terminated wide characters to write for a cell's text in `columns` columns.
    ///
    /// Control characters become U+FFFD; combining marks ride along (up to ncurses' limit), but never a zero
    /// width joiner: a terminal that joins emoji (tmux) would merge the next cell written into this one, so the
    /// row's widths would depend on what ncurses happens to write next, a changed cell or the whole row (issue 27
    /// item 14). Text that ncurses would draw wider than the layout allows, or cannot draw at all, becomes U+FFFD
    /// so columns stay aligned.
    static func glyph(for text: String, columns: Int) -> [wchar_t] {
        // Most cells hold one printable ASCII character: its glyph is made once.
        if text.utf8.count == 1, let byte = text.utf8.first, (0x20...0x7E).contains(byte) {
            return asciiGlyphs[Int(byte)]
        }
        let replacement: [wchar_t] = [0xFFFD, 0]
        let scalars = text.unicodeScalars.map { scalar -> wchar_t in
            let value = scalar.value
            return value < 0x20 || (0x7F...0x9F).contains(value) ? 0xFFFD : wchar_t(bitPattern: value)
        }
        guard let base = scalars.first else { return [32, 0] }
        let baseWidth = Int(shim_wcwidth(base))
        guard baseWidth >= 1, baseWidth <= columns else { return replacement }
        let marks = scalars.dropFirst().prefix { shim_wcwidth($0) == 0 }.filter { $0 != zeroWidthJoiner }
        return [base] + marks.prefix(Int(CCHARW_MAX) - 1) + [0]
    }

    /// The look of a role the theme left out: the terminal's own colours, no attributes.
    static let plainLook = CursesLook(attributes: shim_A_NORMAL(), pair: 0)

    /// U+200D, which joins the emoji on either side of it into one.
    private static let zeroWidthJoiner: wchar_t = 0x200D

    /// A space, as drawn for a continuation cell without its left half.
    private static let blank: [wchar_t] = [32, 0]

    /// The glyphs of the printable ASCII characters, by code (the others are never read).
    private static let asciiGlyphs: [[wchar_t]] = (0..<0x7F).map { [wchar_t($0), 0] }

    /// Columns ncurses gives a glyph (its first character's width).
    static func displayWidth(_ glyph: [wchar_t]) -> Int {
        glyph.first.map { max(0, Int(shim_wcwidth($0))) } ?? 0
    }
}
