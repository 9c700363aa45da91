extension Rect {
    /// The part of this rectangle that also lies in `other` (empty when they do not overlap).
    func clipped(to other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// True when `point` is one of this rectangle's cells.
    func containsCell(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }
}
