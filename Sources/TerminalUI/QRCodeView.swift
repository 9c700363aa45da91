/// A QR code drawn with block elements, quiet zone included, dark on light whatever the theme: scanners expect
/// dark modules on a light ground.
///
/// It draws whole or not at all: an area smaller than the code gets nothing, since a clipped code does not scan.
public struct QRCodeView: Widget {
    /// Colours of every cell of the code: xterm-256 black on white, entries terminals do not let themes redefine.
    public static let colors = CellColors(foreground: .indexed(16), background: .indexed(231))

    public let code: QRCode
    public let encoding: QRCellEncoding

    public init(_ code: QRCode, encoding: QRCellEncoding = .halfBlocks) {
        self.code = code
        self.encoding = encoding
    }

    /// Cells the code takes.
    public var size: Size {
        let side = code.sideWithQuietZone
        return Size(width: (side + encoding.columns - 1) / encoding.columns,
                    height: (side + encoding.rows - 1) / encoding.rows)
    }

    /// Whether the whole code fits in `area`.
    public func fits(in area: Size) -> Bool {
        size.width <= area.width && size.height <= area.height
    }

    public func height(width: Int) -> Int { size.height }

    /// Draws the code centred horizontally at the top of `area`, or nothing when it does not fit.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard fits(in: Size(width: area.width, height: area.height)) else { return }
        let side = code.sideWithQuietZone
        let rows = Layout.vertical(.cells(size.height), .fill).split(area)[0]
        // Physical columns: a code is a picture, never mirrored in a right-to-left layout.
        let origin = buffer.physical(rows.centered(width: size.width, height: size.height)).x
        for row in 0..<size.height {
            for column in 0..<size.width {
                var cell = Cell(text: " ", role: .normal, colors: Self.colors)
                if encoding == .halfBlocks, 2 * row + 1 >= side {
                    // An odd side leaves the last row's lower half outside the code: the theme's ground.
                    cell.colors = CellColors(foreground: Self.colors.background, background: .default)
                    cell.text = "▀"
                } else {
                    // Parts beyond the code's last module widen the quiet zone.
                    cell.text = encoding.glyph { code.isDark(x: column * encoding.columns + $0,
                                                             y: row * encoding.rows + $1) }
                }
                buffer[origin + column, area.y + row] = cell
            }
        }
    }
}
