import CQREncode

/// A QR code's modules as libqrencode encodes a text (error correction level L, the smallest symbol: a screen
/// is a clean surface, and every row saved is a row of terminal the code needs less).
public struct QRCode: Hashable, Sendable {
    /// Light modules around the symbol that scanners need to find it (ISO/IEC 18004: four).
    public static let quietZone = 4

    /// The encoded text.
    public let text: String
    /// Modules per side, without the quiet zone.
    public let width: Int
    private let modules: [Bool]

    /// The code for `text`, or nil when libqrencode is missing or cannot encode it (too long, a NUL).
    public init?(encoding text: String) {
        guard let api = Self.api, !text.utf8.contains(0) else { return nil }
        // Case-sensitive, with libqrencode choosing numeric, alphanumeric and 8-bit segments itself.
        guard let code = api.encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else { return nil }
        defer { api.free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour (1 = dark); the other bits describe its function.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
        self.width = width
        self.text = text
    }

    /// Modules per side with the quiet zone on every side.
    public var sideWithQuietZone: Int { width + 2 * Self.quietZone }

    /// Whether the module at (x, y) is dark; coordinates count from the quiet zone's corner, and the quiet
    /// zone and everything beyond it are light.
    public func isDark(x: Int, y: Int) -> Bool {
        let (column, row) = (x - Self.quietZone, y - Self.quietZone)
        guard column >= 0, row >= 0, column < width, row < width else { return false }
        return modules[row * width + column]
    }

    /// libqrencode's functions, opened on first use; nil when the library is not installed.
    private nonisolated(unsafe) static let api: CQREncodeAPI? = {
        var api = CQREncodeAPI()
        return cqrencode_load(&api) != 0 ? api : nil
    }()
}
