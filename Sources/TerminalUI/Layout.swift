/// How long one part of a `Layout` is along the layout's axis.
public enum Length: Hashable, Sendable {
    /// Exactly this many cells.
    case cells(Int)
    /// At least this many cells, and a share of what the other parts leave.
    case atLeast(Int)
    /// A share of what the other parts leave, which may be nothing.
    case fill

    /// The cells the part cannot do without.
    var minimum: Int {
        switch self {
        case .cells(let count), .atLeast(let count): max(0, count)
        case .fill: 0
        }
    }

    /// Whether the part takes a share of the room left over.
    var grows: Bool {
        switch self {
        case .cells: false
        case .atLeast, .fill: true
        }
    }
}

/// Parts of a rectangle side by side (horizontal) or one above the other (vertical): fixed lengths, minimums and
/// fills, with blank cells between them.
///
///     let parts = Layout.vertical(.cells(1), .fill, .cells(1)).split(screen)
///     let (header, body, footer) = (parts[0], parts[1], parts[2])
public struct Layout: Hashable, Sendable {
    /// The direction the parts follow each other in.
    public enum Axis: Hashable, Sendable {
        /// Left to right (in layout order: a right-to-left buffer mirrors them when drawing).
        case horizontal
        /// Top to bottom.
        case vertical
    }

    public let axis: Axis
    public let lengths: [Length]
    /// Blank cells between two parts.
    public let spacing: Int

    /// Parts along `axis`, `spacing` cells apart.
    public init(_ axis: Axis, _ lengths: [Length], spacing: Int = 0) {
        self.axis = axis
        self.lengths = lengths
        self.spacing = max(0, spacing)
    }

    /// Parts left to right, `spacing` columns apart.
    public static func horizontal(_ lengths: Length..., spacing: Int = 0) -> Layout {
        Layout(.horizontal, lengths, spacing: spacing)
    }

    /// Parts top to bottom, `spacing` rows apart.
    public static func vertical(_ lengths: Length..., spacing: Int = 0) -> Layout {
        Layout(.vertical, lengths, spacing: spacing)
    }

    /// The cells the parts need along the axis: their minimums and the spacing between them.
    public var minimum: Int {
        lengths.reduce(spacing * max(0, lengths.count - 1)) { $0 + $1.minimum }
    }

    /// Whether `area` is long enough along the axis for every part's minimum.
    public func fits(_ area: Rect) -> Bool {
        minimum <= length(of: area)
    }

    /// The parts of `area`, one per length, in order. Room beyond the minimums is shared evenly by the parts that
    /// grow (the first ones get a cell more when it does not divide); when `area` is too short, the last parts
    /// get less, down to nothing.
    public func split(_ area: Rect) -> [Rect] {
        let available = length(of: area)
        let growing = lengths.filter(\.grows).count
        let extra = max(0, available - minimum)
        var offset = 0
        var grown = 0
        return lengths.map { length in
            var size = length.minimum
            if length.grows {
                size += extra / growing + (grown < extra % growing ? 1 : 0)
                grown += 1
            }
            let start = min(offset, available)
            size = min(size, available - start)
            offset = start + size + spacing
            return part(of: area, at: start, length: size)
        }
    }

    private func length(of area: Rect) -> Int {
        switch axis {
        case .horizontal: area.width
        case .vertical: area.height
        }
    }

    private func part(of area: Rect, at offset: Int, length: Int) -> Rect {
        switch axis {
        case .horizontal: Rect(x: area.x + offset, y: area.y, width: length, height: area.height)
        case .vertical: Rect(x: area.x, y: area.y + offset, width: area.width, height: length)
        }
    }
}
