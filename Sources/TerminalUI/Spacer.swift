/// Empty rows that separate other widgets.
public struct Spacer: Widget {
    /// How many rows the spacer takes.
    public var lines: Int

    /// A spacer `lines` rows tall.
    public init(_ lines: Int = 1) {
        self.lines = max(0, lines)
    }

    /// Always `lines`.
    public func height(width: Int) -> Int { lines }

    /// Draws nothing: the rows stay as they are.
    public func render(in area: Rect, buffer: inout Buffer) {}
}
