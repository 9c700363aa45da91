import Foundation
import TerminalUI

/// Reads QR codes off a drawn screen the way a phone would: an image of the cells, decoded by `zbarimg`
/// (Debian's zbar-tools).
public enum QRScan {
    /// The screen as a black-and-white image (PBM): each cell becomes `scale` pixels wide and two halves of
    /// `scale` pixels each, dark where a half shows the QR code's dark colour; everything else is light.
    public static func image(of buffer: Buffer, scale: Int = 6) -> Data {
        let dark = QRCodeView.colors.foreground
        var rows: [[Bool]] = []
        for y in 0..<buffer.size.height {
            var top: [Bool] = [], bottom: [Bool] = []
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                let colors = cell.colors
                let upper = cell.text == "█" || cell.text == "▀" ? colors?.foreground : colors?.background
                let lower = cell.text == "█" || cell.text == "▄" ? colors?.foreground : colors?.background
                top += Array(repeating: upper == dark, count: scale)
                bottom += Array(repeating: lower == dark, count: scale)
            }
            rows += Array(repeating: top, count: scale) + Array(repeating: bottom, count: scale)
        }
        let header = "P1\n\(rows.first?.count ?? 0) \(rows.count)\n"
        let body = rows.map { $0.map { $0 ? "1" : "0" }.joined(separator: " ") }.joined(separator: "\n")
        return Data((header + body + "\n").utf8)
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
