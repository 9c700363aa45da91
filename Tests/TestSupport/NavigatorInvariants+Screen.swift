import AuthFlow
import AuthScreens
import Localization
import TerminalUI

extension NavigatorInvariants {
    private static let strings = Strings.builtIn(language: "en")

    /// Every invariant: the Navigator's own, the footer's and the frame's.
    public static func allViolations(before: NavigatorState, event: NavigatorEvent, after: NavigatorState) -> [String] {
        violations(before: before, event: event, after: after) + footerViolations(after) + renderViolations(after)
    }

    /// The footer lists exactly the bindings that act: each item's keys send events, one of which changes
    /// something (Tab or Shift-Tab, ↓ or ↑); Esc, F2 and Ctrl-R are bound whenever their event would act.
    public static func footerViolations(_ state: NavigatorState) -> [String] {
        var broken: [String] = []
        let bindings = KeyMap.bindings(for: state)
        for item in KeyMap.footer(for: state) {
            let events = bindings.filter { $0.label == item.label }.compactMap { binding -> NavigatorEvent? in
                guard case .event(let event) = binding.action, let key = binding.keys.first else { return nil }
                return KeyMap.event(for: key, in: state) == event ? event : nil
            }
            if case .event = item.action, !events.contains(where: { Navigator.acts($0, in: state) }) {
                broken.append("the footer lists \(item.label), which does nothing")
            }
        }
        let keys: [(Key, NavigatorEvent)] = [(.escape, .backRequested), (.function(2), .inboxToggled),
                                             (.control("r"), .passwordRevealToggled)]
        for (key, event) in keys where KeyMap.event(for: key, in: state) == nil && Navigator.acts(event, in: state) {
            broken.append("\(event) would act but no key offers it")
        }
        return broken
    }

    /// Every state draws a body (the screen or a layer); its footer lists the key map's items from the first, in
    /// order, leaving out only from the end, and the first whenever it fits.
    public static func renderViolations(_ state: NavigatorState) -> [String] {
        var broken: [String] = []
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
            let lines = AuthScreen.render(state, context: ScreenContext(strings: strings), size: size).textLines()
            if lines[1..<(size.height - 1)].allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
                broken.append("the body is blank at \(size.width)x\(size.height)")
            }
            let footer = lines[size.height - 1]
            let items = AuthScreen.footerItems(KeyMap.footer(for: state), strings: strings)
            let shown = items.map { footer.contains(" \($0.key) \($0.action)") }
            if shown.dropFirst().indices.contains(where: { shown[$0] && !shown[$0 - 1] }) {
                broken.append("the footer skips an item at \(size.width)x\(size.height): \(footer)")
            }
            if let first = items.first, !shown[0], TextWidth.of(" \(first.key) \(first.action)") < size.width {
                broken.append("the footer drops \(first.key) at \(size.width)x\(size.height)")
            }
        }
        return broken
    }
}
