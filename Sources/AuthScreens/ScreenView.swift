import AuthFlow
import TerminalUI

/// What a route or the root draws under the presentation layers: it fills the body of the terminal, whatever its
/// height, so unlike a `Widget` it has no height of its own.
protocol ScreenView: PlainDescribable {
    /// Whether the scroll bar marks content cut off above or below. The renderer turns it off while a layer or the
    /// key list covers the screen: it takes no keys then, and its marks would only sit beside theirs.
    var showsScrollMarks: Bool { get set }
    /// The form's row the person scrolled to the top (`ScrollState.firstRow`); nil keeps the focus in view.
    var firstRow: Int? { get set }
    /// Draws the screen in `area`, the terminal's body.
    func render(in area: Rect, buffer: inout Buffer)
    /// How much of the screen's form `area` shows, as `render` draws it.
    func extent(in area: Rect) -> ScrollExtent
}

extension FormColumn: ScreenView {}

/// How a route (or the root) draws under the layers: each screen's file conforms its feature.
protocol RouteScreen {
    func screenView(in state: NavigatorState, context: ScreenContext, showsFocus: Bool) -> any ScreenView
}

/// How a layer draws over the screen: each layer's file conforms its feature.
protocol LayerScreen {
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView
}

/// What a layer shows over the body: drawn over it (never over the header or the footer), and read in plain mode.
protocol LayerView: PlainDescribable {
    func render(over body: Rect, buffer: inout Buffer)
}

extension BusyIndicator: LayerView {}
extension Alert: LayerView {}
extension Sheet: LayerView {}

/// A layer drawn over the whole body, which it clears first (the inbox).
struct Panel: LayerView {
    let column: FormColumn

    func render(over body: Rect, buffer: inout Buffer) {
        buffer.fill(body, role: .normal)
        column.render(in: body, buffer: &buffer)
    }

    var plainItems: [PlainItem] { column.plainItems }
}
