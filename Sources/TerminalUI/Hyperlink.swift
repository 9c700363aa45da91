/// A run of cells on one row that a terminal with OSC 8 support makes a link to `target`: an address shown whole,
/// opened with a click. Only a run whose cells still read `text` is linked (a layer drawn over it drops it).
public struct Hyperlink: Hashable, Sendable {
    /// Where the link goes: printable ASCII only (OSC 8 carries nothing else).
    public var target: String
    /// The physical position of the run's first cell.
    public var origin: Point
    /// What the run's cells read, in order.
    public var text: String

    public init?(target: String, origin: Point, text: String) {
        guard !target.isEmpty, target.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            return nil
        }
        self.target = target
        self.origin = origin
        self.text = text
    }

    /// How many cells the run covers.
    public var width: Int { TextWidth.of(text) }
}

extension Buffer {
    /// Links the run of cells at physical `origin` that reads `text` to `target`, for terminals that show links.
    public mutating func link(_ text: String, at origin: Point, to target: String) {
        guard let link = Hyperlink(target: target, origin: origin, text: text) else { return }
        hyperlinks.append(link)
    }

    /// Whether the cells under `link` still read its text.
    public func shows(_ link: Hyperlink) -> Bool {
        let y = link.origin.y
        guard y >= 0, y < size.height, link.origin.x >= 0, link.origin.x + link.width <= size.width else { return false }
        return (link.origin.x..<link.origin.x + link.width).map { self[$0, y].text }.joined() == link.text
    }
}
