@preconcurrency import CNcursesw

/// How a style role is written with ncurses: attribute bits and a colour pair (0 = the terminal's colours).
struct CursesLook: Hashable {
    var attributes: attr_t
    var pair: Int16
}

/// What the terminal can do with colour, kept to give per-cell colours pairs of their own on demand.
struct ColorPalette {
    var colorCount: Int
    var terminalDefaults: Bool
    /// The next free colour pair.
    var nextPair: Int
    var pairs: [CellColors: Int16] = [:]

    /// The pair for explicit cell colours, defined the first time they are needed; nil when pairs ran out.
    mutating func pair(for colors: CellColors) -> Int16? {
        if let pair = pairs[colors] { return pair }
        guard nextPair < Int(shim_COLOR_PAIRS()), nextPair <= Int(Int16.max) else { return nil }
        let pair = Int16(nextPair)
        nextPair += 1
        init_pair(pair, index(colors.foreground, fallback: 7), index(colors.background, fallback: 0))
        pairs[colors] = pair
        return pair
    }

    /// The palette index of a colour on this terminal; -1 is the terminal's own colour where supported.
    func index(_ color: ThemeColor, fallback: Int16) -> Int16 {
        color.paletteIndex(colorCount: colorCount).map(Int16.init) ?? (terminalDefaults ? -1 : fallback)
    }
}

extension NcursesTerminal {
    /// Starts colours if wanted and possible, defines one colour pair per style role, and returns each role's look.
    ///
    /// With colours off, no colour support or fewer than 8 colours, the theme's attributes are used alone.
    static func setUpLooks(theme: Theme, colors: Bool) -> (looks: [StyleRole: CursesLook], palette: ColorPalette?) {
        var colorCount = 0
        var terminalDefaults = false
        if colors, has_colors() {
            start_color()
            terminalDefaults = use_default_colors() == OK
            colorCount = Int(shim_COLORS())
        }
        let useColor = colorCount >= 8
        let effective = useColor ? theme : theme.monochrome()
        var looks: [StyleRole: CursesLook] = [:]
        for (offset, role) in StyleRole.allCases.enumerated() {
            let style = effective.style(for: role)
            // A role in the terminal's own colours keeps pair 0, which ncurses counts as plain: a pair of its own,
            // even one of default colours, makes every update that writes the role end in an attribute reset.
            var pair: Int16 = 0
            if useColor, style.foreground != .default || style.background != .default,
               offset + 1 < Int(shim_COLOR_PAIRS()) {
                let foreground = style.foreground.paletteIndex(colorCount: colorCount) ?? (terminalDefaults ? -1 : 7)
                let background = style.background.paletteIndex(colorCount: colorCount) ?? (terminalDefaults ? -1 : 0)
                pair = Int16(offset + 1)
                init_pair(pair, Int16(foreground), Int16(background))
            }
            looks[role] = CursesLook(attributes: attributes(of: style), pair: pair)
        }
        let palette = useColor ? ColorPalette(colorCount: colorCount, terminalDefaults: terminalDefaults,
                                              nextPair: StyleRole.allCases.count + 1) : nil
        return (looks, palette)
    }

    /// The ncurses attribute bits for a style's attributes.
    static func attributes(of style: ThemeStyle) -> attr_t {
        var bits = shim_A_NORMAL()
        if style.bold { bits |= shim_A_BOLD() }
        if style.underline { bits |= shim_A_UNDERLINE() }
        if style.reverse { bits |= shim_A_REVERSE() }
        if style.dim { bits |= shim_A_DIM() }
        return bits
    }
}
