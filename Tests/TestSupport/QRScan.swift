import Foundation
import TerminalUI

/// Reads QR codes off a drawn screen the way a phone would: an image of the cells, decoded by `zbarimg`
/// (Debian's zbar-tools).
public enum QRScan {
    /// The screen as a black-and-white image (PBM): each cell becomes `scale` pixels wide and `2 * scale` tall,
    /// as terminal cells are, its block element's parts dark where they show the QR code's dark colour. The
    /// parts are read from the glyph's Unicode name ("UPPER HALF BLOCK", "BLOCK SEXTANT-1345"), not from the
    /// drawing code's own table.
    public static func image(of buffer: Buffer, scale: Int = 6) -> Data {
        let dark = QRCodeView.colors.foreground
        let (width, height) = (buffer.size.width * scale, buffer.size.height * 2 * scale)
        var pixels = [[Bool]](repeating: [Bool](repeating: false, count: width), count: height)
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                let parts = blockParts(cell.text)
                let (columns, rows) = (parts.first?.count ?? 1, parts.count)
                for py in 0..<2 * scale {
                    for px in 0..<scale {
                        let isForeground = parts.isEmpty ? false : parts[py * rows / (2 * scale)][px * columns / scale]
                        let color = isForeground ? cell.colors?.foreground : cell.colors?.background
                        pixels[y * 2 * scale + py][x * scale + px] = color == dark
                    }
                }
            }
        }
        let header = "P1\n\(width) \(height)\n"
        let body = pixels.map { $0.map { $0 ? "1" : "0" }.joined(separator: " ") }.joined(separator: "\n")
        return Data((header + body + "\n").utf8)
    }

    /// Which parts of a cell a block element covers, rows of columns; empty for a space or any other text.
    public static func blockParts(_ text: String) -> [[Bool]] {
        guard text.unicodeScalars.count == 1, let name = text.unicodeScalars.first?.properties.name else { return [] }
        switch name {
        case "FULL BLOCK": return [[true]]
        case "UPPER HALF BLOCK": return [[true], [false]]
        case "LOWER HALF BLOCK": return [[false], [true]]
        case "LEFT HALF BLOCK": return [[true, false]]
        case "RIGHT HALF BLOCK": return [[false, true]]
        default:
            // Sextants number their parts 1-6: left to right, top to bottom.
            guard name.hasPrefix("BLOCK SEXTANT-") else { return [] }
            let numbers = Set(name.dropFirst("BLOCK SEXTANT-".count).compactMap(\.wholeNumberValue))
            return (0..<3).map { row in (0..<2).map { numbers.contains(row * 2 + $0 + 1) } }
        }
    }

    /// The texts `zbarimg` decodes from the screen's QR codes, one per symbol (empty when it finds none).
    public static func decode(_ buffer: Buffer) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pbm")
        try image(of: buffer).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try spawnClean(["zbarimg", "--quiet", "--raw", "--nodbus", file.path])
        guard result.status == 0 else { return [] }
        return result.output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}
