/// A QR code drawn with half blocks (two modules per cell, one above the other), quiet zone included, dark on
/// light whatever the theme: scanners expect dark modules on a light ground.
///
/// It draws whole or not at all: an area smaller than the code gets nothing, since a clipped code does not scan.
public struct QRCodeView: Widget {
    /// Colours of every cell of the code: xterm-256 black on white, entries terminals do not let themes redefine.
    public static let colors = CellColors(foreground: .indexed(16), background: .indexed(231))

    public let code: QRCode

    public init(_ code: QRCode) {
        self.code = code
    }

    /// Cells the code takes: one column per module, one row per two modules.
    public var size: Size {
        let side = code.sideWithQuietZone
        return Size(width: side, height: (side + 1) / 2)
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
        let origin = buffer.physical(rows.centered(width: side, height: size.height)).x
        for row in 0..<size.height {
            for column in 0..<side {
                let (top, bottom) = (2 * row, 2 * row + 1)
                var colors = Self.colors
                let glyph: String
                if bottom >= side {
                    // An odd side leaves the last row's lower half outside the code: the theme's ground.
                    glyph = "▀"
                    colors = CellColors(foreground: Self.colors.background, background: .default)
                } else {
                    switch (code.isDark(x: column, y: top), code.isDark(x: column, y: bottom)) {
                    case (true, true): glyph = "█"
                    case (true, false): glyph = "▀"
                    case (false, true): glyph = "▄"
                    case (false, false): glyph = " "
                    }
                }
                buffer[origin + column, area.y + row] = Cell(text: glyph, role: .normal, colors: colors)
            }
        }
    }
}
