/// How a QR code's modules map to terminal cells. A cell is about twice as tall as wide, so half blocks give
/// square modules; sextants put six modules in a cell (modules 3:4, which scanners read as they read a code seen
/// at a slant) for a code a third as tall and half as wide.
public enum QRCellEncoding: Hashable, Sendable, CaseIterable {
    /// Two modules a cell, one above the other (`▀▄█` and space): every terminal font has them.
    case halfBlocks
    /// Six modules a cell, two across and three down (Unicode 13's sextants U+1FB00–U+1FB3B, with `▌▐█`).
    case sextants

    /// Modules across one cell.
    public var columns: Int {
        switch self {
        case .halfBlocks: 1
        case .sextants: 2
        }
    }

    /// Modules down one cell.
    public var rows: Int {
        switch self {
        case .halfBlocks: 2
        case .sextants: 3
        }
    }

    /// The glyph whose dark parts are the modules `isDark(column, row)` within the cell says are dark.
    func glyph(_ isDark: (Int, Int) -> Bool) -> String {
        var pattern = 0
        for row in 0..<rows {
            for column in 0..<columns where isDark(column, row) {
                pattern |= 1 << (row * columns + column)
            }
        }
        switch self {
        case .halfBlocks: return [" ", "▀", "▄", "█"][pattern]
        case .sextants: return Self.sextant(pattern)
        }
    }

    /// The sextant glyph for `pattern` (bit 0 top left, bit 1 top right, …, bit 5 bottom right). Unicode leaves
    /// out the patterns that block elements already have: empty, the left and right halves and full.
    private static func sextant(_ pattern: Int) -> String {
        switch pattern {
        case 0: return " "
        case 0b010101: return "▌"
        case 0b101010: return "▐"
        case 0b111111: return "█"
        default:
            let skipped = (pattern > 0b010101 ? 1 : 0) + (pattern > 0b101010 ? 1 : 0)
            return String(Character(Unicode.Scalar(0x1FB00 + pattern - 1 - skipped)!))
        }
    }
}
