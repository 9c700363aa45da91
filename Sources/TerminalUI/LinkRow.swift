/// Optional plain text followed by a link, such as "Don't have an account yet? Sign up", wrapped to fit.
///
/// The link stays whole on one line when it fits; it is drawn in the link role, or, when focused, in linkFocused
/// behind a `›` marker so focus shows even without colour.
public struct LinkRow: Widget {
    /// Text before the link, or nil for a link on its own.
    public var leading: String?
    /// The link's text.
    public var link: String
    /// True when Enter would follow the link.
    public var isFocused: Bool
    /// Where each line sits within the width.
    public var alignment: Alignment

    /// A row with `leading` text (if any) and then `link`.
    public init(leading: String? = nil, link: String, isFocused: Bool, alignment: Alignment = .center) {
        self.leading = leading
        self.link = link
        self.isFocused = isFocused
        self.alignment = alignment
    }

    /// One row per laid-out line.
    public func height(width: Int) -> Int { lines(width: width).count }

    /// Draws the lines from the top of `area`, each aligned.
    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width > 0 else { return }
        for (index, line) in lines(width: area.width).prefix(area.height).enumerated() {
            let lineWidth = line.reduce(0) { $0 + TextWidth.of($1.text) }
            var x = area.x + alignment.offset(contentWidth: lineWidth, in: area.width)
            for segment in line {
                x += buffer.put(segment.text, x: x, y: area.y + index, role: segment.role, maxWidth: area.maxX - x)
            }
        }
    }

    private struct Segment {
        let text: String
        let role: StyleRole
    }

    private func lines(width: Int) -> [[Segment]] {
        let linkRole: StyleRole = isFocused ? .linkFocused : .link
        let link = isFocused ? "› " + self.link : self.link
        let linkLines = TextWidth.wrap(link, width: width).map { [Segment(text: $0, role: linkRole)] }
        guard let leading, !leading.isEmpty else { return linkLines }
        var leadingLines = TextWidth.wrap(leading, width: width).map { [Segment(text: $0, role: .normal)] }
        let lastWidth = leadingLines.last.map { TextWidth.of($0[0].text) } ?? 0
        let linkText = TextWidth.sanitized(link)
        if linkLines.count == 1, lastWidth + 1 + TextWidth.of(linkText) <= width {
            leadingLines[leadingLines.count - 1].append(Segment(text: " ", role: .normal))
            leadingLines[leadingLines.count - 1].append(Segment(text: linkText, role: linkRole))
            return leadingLines
        }
        return leadingLines + linkLines
    }
}
