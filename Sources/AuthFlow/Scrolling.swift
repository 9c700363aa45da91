/// How far the screen under the layers is scrolled (issue 31 item 7): what the run loop measured at the last frame,
/// and the first row the person scrolled to. Moving the focus, typing or another screen follows the focus again.
public struct ScrollState: Hashable, Sendable {
    /// The screen's rows as drawn at the last frame; nil before it was measured (plain mode never measures).
    public var viewport: Viewport?
    /// The first row the person scrolled to; nil keeps the focused control in view.
    public var firstRow: Int?

    public init(viewport: Viewport? = nil, firstRow: Int? = nil) {
        self.viewport = viewport
        self.firstRow = firstRow
    }
}

/// The rows of a screen's form and the rows of the body that show them.
public struct Viewport: Hashable, Sendable {
    /// Rows of the whole form.
    public var contentRows: Int
    /// Rows the body shows.
    public var visibleRows: Int
    /// The form's row at the top of the body.
    public var firstRow: Int

    public init(contentRows: Int, visibleRows: Int, firstRow: Int) {
        self.contentRows = contentRows
        self.visibleRows = visibleRows
        self.firstRow = firstRow
    }

    /// The last row that can be at the top: the form's end then sits at the bottom of the body.
    public var lastFirstRow: Int { max(0, contentRows - visibleRows) }

    /// The row at the top after `move`, within the form; a page keeps one row of the one before in view.
    public func firstRow(after move: ScrollMove) -> Int {
        let page = max(1, visibleRows - 1)
        let target = switch move {
        case .lineUp: firstRow - 1
        case .lineDown: firstRow + 1
        case .pageUp: firstRow - page
        case .pageDown: firstRow + page
        case .top: 0
        case .end: lastFirstRow
        }
        return min(max(0, target), lastFirstRow)
    }
}

/// A scroll key: ↑/↓ where the focus cannot move further, PgUp/PgDn, Home/End off a text field.
public enum ScrollMove: Hashable, Sendable, CaseIterable {
    case lineUp, lineDown, pageUp, pageDown, top, end
}

extension NavigatorState {
    /// Whether `move` would show other rows of the screen, which takes the keys (no layer is over it).
    public func canScroll(_ move: ScrollMove) -> Bool {
        guard presentation.isEmpty, let viewport = scroll.viewport else { return false }
        return viewport.firstRow(after: move) != viewport.firstRow
    }

    /// Scrolls the screen when it takes the keys; the measured first row moves along, so keys typed ahead of the
    /// next frame scroll on from there.
    mutating func scroll(_ move: ScrollMove) {
        guard canScroll(move), let viewport = scroll.viewport else { return }
        let row = viewport.firstRow(after: move)
        scroll = ScrollState(viewport: Viewport(contentRows: viewport.contentRows, visibleRows: viewport.visibleRows,
                                                firstRow: row), firstRow: row)
    }

    /// A new measurement; a first row beyond the form (the terminal grew) comes back within it.
    mutating func measured(_ viewport: Viewport) {
        scroll.viewport = viewport
        if let row = scroll.firstRow { scroll.firstRow = min(row, viewport.lastFirstRow) }
    }

    /// Which screen is under the layers: its scroll position belongs to it alone.
    var scrolledScreen: ScrolledScreen {
        if let route = path.ids.last { return .route(route) }
        return picker == nil ? .signedIn : .picker
    }
}

/// The screen a scroll position belongs to: a route, or the root's picker or signed-in screen.
enum ScrolledScreen: Hashable {
    case route(Int)
    case picker
    case signedIn
}

extension FormFeature {
    /// The scroll keys of a screen taller than the terminal: ↓ past the last control and ↑ before the first (Tab
    /// still wraps), PgDn/PgUp a page (the first that acts says "scroll" in the footer), Home/End off a text field.
    func scrollBindings(in navigator: NavigatorState) -> [KeyBinding] {
        var bindings: [KeyBinding] = []
        if focus == controls.last, navigator.canScroll(.lineDown) {
            bindings.append(KeyBinding([.down], nil, .scrolled(.lineDown)))
        }
        if focus == controls.first, navigator.canScroll(.lineUp) {
            bindings.append(KeyBinding([.up], nil, .scrolled(.lineUp)))
        }
        var hint: KeyHint? = .scroll
        for (key, move) in [(KeyName.pageDown, ScrollMove.pageDown), (.pageUp, .pageUp)] where navigator.canScroll(move) {
            bindings.append(KeyBinding([key], hint, .scrolled(move)))
            hint = nil
        }
        if !isEditingText {
            for (key, move) in [(KeyName.home, ScrollMove.top), (.end, .end)] where navigator.canScroll(move) {
                bindings.append(KeyBinding([key], nil, .scrolled(move)))
            }
        }
        return bindings
    }

    /// Whether ↓ moves the focus rather than scrolling (it scrolls from the last control while it can).
    func downMovesFocus(in navigator: NavigatorState) -> Bool {
        !(focus == controls.last && navigator.canScroll(.lineDown))
    }

    /// Whether ↑ moves the focus rather than scrolling (it scrolls from the first control while it can).
    func upMovesFocus(in navigator: NavigatorState) -> Bool {
        !(focus == controls.first && navigator.canScroll(.lineUp))
    }
}
