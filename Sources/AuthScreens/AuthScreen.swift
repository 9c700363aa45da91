import AuthFlow
import Localization
import TerminalUI

/// Renders the whole terminal for a Navigator state: the screen, its presentation layers and the key footer.
public enum AuthScreen {
    /// Below this size a "terminal too small" message replaces the screen.
    public static let minimumSize = Size(width: 30, height: 10)

    /// Whether a terminal of `size` shows the screen rather than the "terminal too small" message.
    public static func fits(_ size: Size) -> Bool {
        size.width >= minimumSize.width && size.height >= minimumSize.height
    }

    /// The header row, the body and the footer row.
    private static let regions = Layout.vertical(.cells(1), .fill, .cells(1))

    /// The frame for `state` at `size`.
    public static func render(_ state: NavigatorState, context: ScreenContext, size: Size) -> Buffer {
        var buffer = Buffer(size: size, direction: context.direction, bidi: context.bidi)
        guard fits(size) else {
            renderTooSmall(into: &buffer, strings: context.strings)
            return buffer
        }
        let rows = regions.split(buffer.bounds)
        let (header, body, footer) = (rows[0], rows[1], rows[2])
        var screen = screenView(state, context: context)
        screen.showsScrollMarks = state.presentation.isEmpty
        screen.render(in: body, buffer: &buffer)
        // The layers are drawn bottom to top, inside the body: never over the header or the footer.
        for (index, layer) in state.presentation.enumerated() {
            render(layer, isTop: index == state.presentation.count - 1, state: state, context: context, in: body,
                   buffer: &buffer)
        }
        if let label = context.backendLabel {
            let text = label.fitted(to: header.width - 2)
            buffer.put(text, x: header.maxX - TextWidth.of(text) - 1, y: header.y, role: .badge)
        }
        Footer(items: footerItems(KeyMap.footer(for: state), strings: context.strings))
            .render(in: footer, buffer: &buffer)
        return buffer
    }

    /// How much of the screen under the layers a terminal of `size` shows, for the Navigator's scroll keys; nil
    /// while "terminal too small" hides it.
    public static func viewport(_ state: NavigatorState, context: ScreenContext, size: Size) -> Viewport? {
        guard fits(size) else { return nil }
        let body = regions.split(Rect(size))[1]
        let extent = screenView(state, context: context).extent(in: body)
        return Viewport(contentRows: extent.rows, visibleRows: extent.visibleRows, firstRow: extent.firstRow)
    }

    /// The footer's words for the bindings that have a hint.
    public static func footerItems(_ bindings: [KeyCodeBinding], strings: Strings) -> [Footer.Item] {
        bindings.compactMap { binding in binding.hint.map { Footer.Item(key: binding.label, action: strings[$0.stringKey]) } }
    }

    /// The screen under the layers: the top route's, or the root's.
    static func screenView(_ state: NavigatorState, context: ScreenContext) -> any ScreenView {
        let feature: any Feature = state.path.last?.feature ?? state.root.feature
        guard let draw = ScreenRegistry.screens[ObjectIdentifier(type(of: feature))] else {
            preconditionFailure("no screen draws \(feature)")
        }
        var screen = draw(feature, state, context, state.presentation.isEmpty)
        screen.firstRow = state.scroll.firstRow
        return screen
    }

    /// What `layer` shows over a body `bodyHeight` rows high.
    static func layerView(_ layer: Presentation, isTop: Bool, state: NavigatorState, context: ScreenContext,
                          bodyHeight: Int) -> any LayerView {
        guard let draw = ScreenRegistry.layers[ObjectIdentifier(type(of: layer.feature))] else {
            preconditionFailure("no view draws \(layer)")
        }
        return draw(layer.feature, state, context, isTop, bodyHeight)
    }

    private static func render(_ layer: Presentation, isTop: Bool, state: NavigatorState, context: ScreenContext,
                               in body: Rect, buffer: inout Buffer) {
        buffer.cursor = nil
        layerView(layer, isTop: isTop, state: state, context: context, bodyHeight: body.height)
            .render(over: body, buffer: &buffer)
    }

    private static func renderTooSmall(into buffer: inout Buffer, strings: Strings) {
        let width = buffer.size.width
        let title = TextWidth.wrap(strings[.terminalTooSmall], width: width).map { ($0, StyleRole.error) }
        let detail = strings.format(.terminalTooSmallDetail, .int(minimumSize.width), .int(minimumSize.height))
        let lines = title + TextWidth.wrap(detail, width: width).map { ($0, StyleRole.normal) }
        let top = buffer.bounds.centered(width: width, height: lines.count).y
        for (index, (line, role)) in lines.enumerated() {
            buffer.put(line, x: max(0, (width - TextWidth.of(line)) / 2), y: top + index, role: role)
        }
    }
}

extension AlertButton.Title {
    /// The caption's string.
    var stringKey: StringKey {
        switch self {
        case .ok: .ok
        case .retry: .retry
        case .cancel: .cancel
        case .deleteAccount: .deleteAccount
        case .unlink: .unlink
        case .sendCode: .sendCode
        case .signOut: .signOut
        case .quit: .quitButton
        case .continue: .continueButton
        case .remove: .remove
        }
    }
}
