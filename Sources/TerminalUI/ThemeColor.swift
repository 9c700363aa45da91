/// A terminal colour as a theme names it: the terminal's default, one of the 16 ANSI colours, or an xterm-256 index.
public enum ThemeColor: Sendable, Hashable {
    /// The terminal's own foreground or background.
    case `default`
    /// ANSI colour 0…15: black, red, green, yellow, blue, magenta, cyan, white, then their bright variants.
    case ansi(UInt8)
    /// A colour of the xterm 256-colour palette (16…231 colour cube, 232…255 greys).
    case indexed(UInt8)

    /// ANSI colour names in palette order; `bright-` plus a name gives colours 8…15.
    public static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Parses `default`, an ANSI name (`red`, `bright-blue`), an index `0`…`255`, or `#RRGGBB`
    /// (mapped to the nearest xterm-256 colour); nil if the text is none of these.
    public init?(parsing text: String) {
        let name = text.lowercased()
        if name == "default" {
            self = .default
        } else if let index = Self.ansiNames.firstIndex(of: name) {
            self = .ansi(UInt8(index))
        } else if name.hasPrefix("bright-"), let index = Self.ansiNames.firstIndex(of: String(name.dropFirst(7))) {
            self = .ansi(UInt8(index + 8))
        } else if name.utf8.allSatisfy({ $0 < 0x80 }), let index = UInt8(name) {
            self = .indexed(index)
        } else if name.hasPrefix("#"), name.utf8.count == 7, name.utf8.allSatisfy({ $0 < 0x80 }),
                  let rgb = UInt32(name.dropFirst(), radix: 16) {
            self = .indexed(Self.nearestIndex(red: UInt8(rgb >> 16), green: UInt8((rgb >> 8) & 0xFF),
                                              blue: UInt8(rgb & 0xFF)))
        } else {
            return nil
        }
    }

    /// The xterm-256 index (16…255, the palette entries terminals do not let users redefine) closest to a colour.
    public static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let target = RGB(red: Int(red), green: Int(green), blue: Int(blue))
        let levels = RGB.cubeLevels
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
        }
        let (r, g, b) = (nearestLevel(target.red), nearestLevel(target.green), nearestLevel(target.blue))
        let cube = 16 + 36 * r + 6 * g + b
        let average = (target.red + target.green + target.blue) / 3
        let grey = 232 + min(23, max(0, (average - 3) / 10))
        let cubeDistance = target.distance(to: RGB.xterm(cube))
        return UInt8(target.distance(to: RGB.xterm(grey)) < cubeDistance ? grey : cube)
    }

    /// The palette entry to use on a terminal with `colorCount` colours (8, 16, 88, 256, …); nil for `.default`.
    ///
    /// Colours beyond the terminal's palette become the nearest colour it has, judged by xterm's default RGB values.
    public func paletteIndex(colorCount: Int) -> Int? {
        let index: Int
        switch self {
        case .default: return nil
        case .ansi(let value): index = Int(value)
        case .indexed(let value): index = Int(value)
        }
        if index < colorCount { return index }
        let target = RGB.xterm(index)
        return (0..<min(colorCount, 16)).min { target.distance(to: RGB.xterm($0)) < target.distance(to: RGB.xterm($1)) }
    }
}

/// An RGB triple, used to compare palette colours.
struct RGB: Hashable {
    var red: Int
    var green: Int
    var blue: Int

    /// Channel values of xterm's 6×6×6 colour cube.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// xterm's default values for the 16 ANSI colours.
    private static let ansi: [RGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ].map { RGB(red: $0.0, green: $0.1, blue: $0.2) }

    /// The RGB value xterm uses by default for a palette index 0…255.
    static func xterm(_ index: Int) -> RGB {
        switch index {
        case ..<16:
            return ansi[max(0, index)]
        case 16..<232:
            let cube = index - 16
            return RGB(red: cubeLevels[cube / 36], green: cubeLevels[(cube / 6) % 6], blue: cubeLevels[cube % 6])
        default:
            let level = 8 + 10 * (min(index, 255) - 232)
            return RGB(red: level, green: level, blue: level)
        }
    }

    /// Squared Euclidean distance.
    func distance(to other: RGB) -> Int {
        let (dr, dg, db) = (red - other.red, green - other.green, blue - other.blue)
        return dr * dr + dg * dg + db * db
    }
}
