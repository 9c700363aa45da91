import TerminalUI

/// What a route or the root draws under the presentation layers: it fills the body of the terminal, whatever its
/// height, so unlike a `Widget` it has no height of its own.
protocol ScreenView: PlainDescribable {
    /// Whether "▲"/"▼" mark content cut off above or below. The renderer turns them off while a layer or the key
    /// list covers the screen: it takes no keys then, and its marks would only sit beside theirs.
    var showsScrollMarks: Bool { get set }
    /// Draws the screen in `area`, the terminal's body.
    func render(in area: Rect, buffer: inout Buffer)
}

extension FormColumn: ScreenView {}
