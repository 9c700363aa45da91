import AuthFlow

/// What must hold after every Navigator event, whatever the event and the state.
public enum NavigatorInvariants {
    /// The broken invariants, described; empty when all hold.
    public static func violations(before: NavigatorState, event: NavigatorEvent, after: NavigatorState) -> [String] {
        var broken: [String] = []
        if let form = after.activeForm, !hasValidFocus(form) {
            broken.append("the focus is not one of the top layer's controls")
        }
        if !hasValidFocus(after.screenForm) { broken.append("the screen's focus is not one of its controls") }
        if after.screenForm.controls.isEmpty { broken.append("the screen has no focusable control") }
        if let layer = after.topLayer, layer.form?.controls.isEmpty == true {
            broken.append("the top layer has no focusable control")
        }
        if !onlyTopLayerChanged(before: before, event: event, after: after) {
            broken.append("\(event) changed what lies beneath the top layer")
        }
        if let viewport = after.scroll.viewport, let row = after.scroll.firstRow,
           !(0...viewport.lastFirstRow).contains(row) {
            broken.append("the screen is scrolled outside its form")
        }
        if !onlyScrollChanged(before: before, event: event, after: after) {
            broken.append("\(event) changed more than the scroll position")
        }
        if after.presentation.filter({ $0.feature is Operation }).count > 1 {
            broken.append("two calls are in flight")
        }
        if after.signsInWithBrowser, after.presentation.contains(where: { $0.feature is IdentityProviderSheet.State }) {
            broken.append("the simulated provider sheet shows on a Firebase backend")
        }
        return broken
    }

    private static func hasValidFocus<Form: FormFeature>(_ form: Form) -> Bool {
        form.controls.contains(form.focus)
    }

    /// A scroll key and a measurement change the scroll position and nothing else.
    private static func onlyScrollChanged(before: NavigatorState, event: NavigatorEvent, after: NavigatorState) -> Bool {
        switch event {
        case .scrolled, .viewportMeasured:
            var unscrolled = after
            unscrolled.scroll = before.scroll
            return unscrolled == before
        case .input, .started, .quitRequested, .layerRequested, .clockTicked, .responded:
            return true
        }
    }

    /// A key reaches only the top layer: editing, moving focus or a selection, revealing and the inbox key
    /// change nothing beneath it. (Enter and Esc act through the layer's own action, which may.)
    private static func onlyTopLayerChanged(before: NavigatorState, event: NavigatorEvent,
                                            after: NavigatorState) -> Bool {
        guard case .input(let input) = event else { return true }
        switch input {
        case .edited, .focusMovedForward, .focusMovedBackward, .selectionMoved, .passwordRevealToggled, .inboxToggled:
            break
        case .activated, .backRequested:
            return true
        }
        guard !before.presentation.isEmpty else {
            // The screen itself is on top: the routes beneath the top one and the root (when covered) stay.
            return after.path.dropLast() == before.path.dropLast() && (before.path.isEmpty || after.root == before.root)
        }
        let beneath = before.presentation.dropLast()
        return after.root == before.root && after.path == before.path
            && Array(after.presentation.prefix(beneath.count)) == Array(beneath)
    }
}
