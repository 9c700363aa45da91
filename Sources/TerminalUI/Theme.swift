/// How one style role looks: colours and text attributes.
public struct ThemeStyle: Sendable, Hashable {
    /// Text colour.
    public var foreground: ThemeColor
    /// Cell colour.
    public var background: ThemeColor
    /// Bold (often also brighter) text.
    public var bold: Bool
    /// Underlined text.
    public var underline: Bool
    /// Foreground and background swapped.
    public var reverse: Bool
    /// Fainter text.
    public var dim: Bool

    /// Creates a style; by default the terminal's own colours with no attributes.
    public init(foreground: ThemeColor = .default, background: ThemeColor = .default, bold: Bool = false,
                underline: Bool = false, reverse: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }
}

/// A named mapping from style roles to styles; roles it does not name look like `normal`.
public struct Theme: Sendable, Hashable {
    /// The theme's name, e.g. `default` for `themes/default.theme`.
    public let name: String
    /// The styles the theme sets explicitly (already resolved against `normal`).
    public let styles: [StyleRole: ThemeStyle]

    /// Creates a theme from explicit styles.
    public init(name: String, styles: [StyleRole: ThemeStyle]) {
        self.name = name
        self.styles = styles
    }

    /// The style for a role: its own if the theme sets one, otherwise `normal`'s.
    public func style(for role: StyleRole) -> ThemeStyle {
        styles[role] ?? styles[.normal] ?? ThemeStyle()
    }

    /// The same theme without colours (for `NO_COLOR` and monochrome terminals); attributes stay.
    public func monochrome() -> Theme {
        Theme(name: name, styles: styles.mapValues { style in
            var plain = style
            plain.foreground = .default
            plain.background = .default
            return plain
        })
    }
}
