import AuthFlow
import TerminalUI

extension About.State: LayerScreen {
    /// The keys of what is beneath, framed over it.
    func layerView(in state: NavigatorState, context: ScreenContext, isTop: Bool, bodyHeight: Int)
        -> any LayerView {
        var beneath = state
        while let top = beneath.presentation.last {
            beneath.presentation.removeLast()
            if top.feature is About.State { break }
        }
        return KeyList(title: context.strings[.keyListTitle],
                       items: AuthScreen.footerItems(KeyMap.footer(for: beneath).filter { $0.hint != .keys },
                                                     strings: context.strings))
    }
}

extension KeyList: LayerView {
    /// A key and what it does, a line each.
    public var plainItems: [PlainItem] {
        [.text(([title] + items.map { "\($0.key)  \($0.action)" }).joined(separator: "\n"))]
    }
}
