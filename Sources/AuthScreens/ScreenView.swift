import TerminalUI

/// What a route or the root draws under the presentation layers.
protocol ScreenView: Widget, PlainDescribable {
    /// Whether "▲"/"▼" mark content cut off above or below. The renderer turns them off while a layer or the key
    /// list covers the screen: it takes no keys then, and its marks would only sit beside theirs.
    var showsScrollMarks: Bool { get set }
}

extension FormColumn: ScreenView {}
