import AuthFlow
import Localization
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
        let items = KeyMap.keyList(for: beneath).map { entry in
            Footer.Item(key: entry.keys, action: context.strings[entry.hint.stringKey])
        }
        return KeyListLayer(list: KeyList(title: context.strings[.keyListTitle], items: items, selected: selected),
                            strings: context.strings)
    }
}

/// The key list over the screen; plain mode writes it a key and what it does a line each.
struct KeyListLayer: LayerView {
    let list: KeyList
    let strings: Strings

    func render(over body: Rect, buffer: inout Buffer) {
        list.render(over: body, buffer: &buffer)
    }

    var plainItems: [PlainItem] {
        let lines = list.items.map { PlainScreen.keyAndAction($0.key, $0.action, strings: strings) }
        return [.text(([list.title] + lines).joined(separator: "\n"))]
    }
}
