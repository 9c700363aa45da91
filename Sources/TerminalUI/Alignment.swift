/// Where a line of text sits horizontally within the width it is given.
public enum Alignment: Sendable, Hashable {
    case leading
    case center
    case trailing

    /// Columns to skip before content `contentWidth` wide, within `width` columns.
    public func offset(contentWidth: Int, in width: Int) -> Int {
        let free = max(0, width - contentWidth)
        switch self {
        case .leading: return 0
        case .center: return free / 2
        case .trailing: return free
        }
    }
}
