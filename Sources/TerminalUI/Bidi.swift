import CFriBidi

/// Right-to-left text put into display order through GNU FriBidi: the Unicode Bidirectional Algorithm
/// (UAX #9) reorders a line, mirrors brackets in right-to-left runs, and Arabic letters are shaped into their
/// joined presentation forms (with lam-alef ligatures), as a terminal grid needs them.
public enum Bidi {
    /// A line laid out glyph by glyph, for text fields that place a cursor in it.
    struct GlyphLayout {
        /// The line as drawn from left to right.
        let visual: String
        /// Columns the visual line takes.
        let width: Int
        /// For each glyph (in logical order), the column of its first cell, counted from the line's left edge.
        let columns: [Int]
        /// For each glyph, whether it sits in a right-to-left run.
        let isRightToLeft: [Bool]
    }

    /// Whether `text` in a paragraph of `direction` can look different once reordered and shaped.
    static func needsReordering(_ text: String, paragraph direction: LayoutDirection) -> Bool {
        direction == .rightToLeft || text.unicodeScalars.contains {
            shim_fribidi_is_rtl(fribidi_get_bidi_type($0.value)) != 0 || isDropped($0.value)
        }
    }

    /// `text` (one line) reordered and shaped for display in a paragraph of `direction`.
    static func visual(_ text: String, paragraph direction: LayoutDirection) -> String {
        guard needsReordering(text, paragraph: direction) else { return text }
        return run(Array(text.unicodeScalars), paragraph: direction).visualText
    }

    /// One line printed outside the buffer, in display order: its paragraph direction is that of its first
    /// strong letter (so "--store PATH  …" reads left to right), else `fallback`; addresses read left to right.
    public static func displayLine(_ text: String, fallback: LayoutDirection) -> String {
        visual(AddressIsolation.isolated(text), paragraph: firstStrongDirection(text) ?? fallback)
    }

    /// The direction of the first strong letter of `text` (UAX #9 rules P2–P3), or nil when it has none.
    static func firstStrongDirection(_ text: String) -> LayoutDirection? {
        for scalar in text.unicodeScalars {
            let type = fribidi_get_bidi_type(scalar.value)
            if shim_fribidi_is_strong(type) != 0, shim_fribidi_is_number(type) == 0 {
                return shim_fribidi_is_rtl(type) != 0 ? .rightToLeft : .leftToRight
            }
        }
        return nil
    }

    /// Whether `text` holds a digit (European or Arabic-Indic).
    static func containsNumber(_ text: String) -> Bool {
        text.unicodeScalars.contains { shim_fribidi_is_number(fribidi_get_bidi_type($0.value)) != 0 }
    }

    /// `glyphs` (one string per Character, in logical order) laid out as one line of `direction`; in logical
    /// order when `reorders` is false (the terminal reorders).
    static func layout(glyphs: [String], paragraph direction: LayoutDirection, reorders: Bool = true) -> GlyphLayout {
        let scalars = glyphs.flatMap { Array($0.unicodeScalars) }
        var firstScalar: [Int] = []
        var offset = 0
        for glyph in glyphs {
            firstScalar.append(offset)
            offset += glyph.unicodeScalars.count
        }
        let result = reorders && needsReordering(glyphs.joined(), paragraph: direction)
            ? run(scalars, paragraph: direction) : Run(identity: scalars)
        let visualColumns = result.visualColumns
        return GlyphLayout(
            visual: result.visualText, width: TextWidth.of(result.visualText),
            columns: firstScalar.map {
                $0 < scalars.count ? result.column(ofLogical: $0, visualColumns: visualColumns) : 0
            },
            isRightToLeft: firstScalar.map { $0 < scalars.count && result.levels[$0] % 2 == 1 })
    }

    /// FriBidi's answer for one line.
    private struct Run {
        /// The visual string, FriBidi's ligature fillers (U+FEFF) still in place.
        let visualScalars: [Unicode.Scalar]
        /// Visual index of each logical scalar.
        let logicalToVisual: [Int]
        /// Embedding level of each logical scalar; odd levels run right to left.
        let levels: [Int]

        init(identity scalars: [Unicode.Scalar]) {
            visualScalars = scalars
            logicalToVisual = Array(scalars.indices)
            levels = Array(repeating: 0, count: scalars.count)
        }

        init(visualScalars: [Unicode.Scalar], logicalToVisual: [Int], levels: [Int]) {
            self.visualScalars = visualScalars
            self.logicalToVisual = logicalToVisual
            self.levels = levels
        }

        /// The visual text without ligature fillers, directional marks (LRM, RLM, ALM) and isolates: they have
        /// done their work and would otherwise reach the terminal as zero-width characters.
        var visualText: String {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: visualScalars.lazy.filter { !Bidi.isDropped($0.value) })
            return String(text)
        }

        /// The column of every visual scalar; a dropped scalar shares the column of the scalar after it.
        var visualColumns: [Int] {
            var columns: [Int] = []
            var column = 0
            for character in visualText {
                for cell in TextWidth.cells(of: character) {
                    for _ in cell.text.unicodeScalars {
                        while columns.count < visualScalars.count, Bidi.isDropped(visualScalars[columns.count].value) {
                            columns.append(column)
                        }
                        columns.append(column)
                    }
                    column += cell.width
                }
            }
            while columns.count < visualScalars.count { columns.append(column) }
            return columns
        }

        /// The column at which the logical scalar `index` is drawn (a ligature's second letter: the ligature's).
        func column(ofLogical index: Int, visualColumns: [Int]) -> Int {
            var target = logicalToVisual[index]
            if visualScalars[target].value == Bidi.ligatureFiller, index > 0 { target = logicalToVisual[index - 1] }
            return visualColumns[target]
        }
    }

    /// What FriBidi puts after a lam-alef ligature in place of the alef (ZERO WIDTH NO-BREAK SPACE).
    private static let ligatureFiller: UInt32 = 0xFEFF

    /// Whether a visual scalar is left out of the drawn text: a ligature filler, a directional mark or an
    /// isolate control.
    private static func isDropped(_ value: UInt32) -> Bool {
        value == ligatureFiller || value == 0x200E || value == 0x200F || value == 0x061C
            || (0x2066...0x2069).contains(value)
    }

    private static func run(_ scalars: [Unicode.Scalar], paragraph direction: LayoutDirection) -> Run {
        let count = scalars.count
        guard count > 0 else { return Run(identity: scalars) }
        let logical = scalars.map { FriBidiChar($0.value) }
        var base = direction == .rightToLeft ? shim_fribidi_par_rtl() : shim_fribidi_par_ltr()
        var visual = [FriBidiChar](repeating: 0, count: count)
        var logicalToVisual = [FriBidiStrIndex](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        guard fribidi_log2vis(logical, FriBidiStrIndex(count), &base, &visual, &logicalToVisual, nil, &levels) != 0
        else { return Run(identity: scalars) }
        return Run(visualScalars: visual.map { Unicode.Scalar($0) ?? "\u{FFFD}" },
                   logicalToVisual: logicalToVisual.map { Int($0) }, levels: levels.map { Int($0) })
    }
}
