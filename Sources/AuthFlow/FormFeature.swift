/// What a focusable control is: how it is drawn, which keys reach it and whether it acts.
public enum ControlKind: Hashable, Sendable {
    /// A one-line text field; a secure one is masked unless revealed.
    case textField(isSecure: Bool)
    /// A button; a disabled one explains on Enter why it cannot act.
    case button(isEnabled: Bool)
    case link
    case toggle(isOn: Bool)
}

/// A feature's form: its controls, declared once, are the focus order, the input routing, the validation
/// and the widgets its screen draws.
public protocol FormFeature: Hashable, Sendable {
    associatedtype Control: Hashable, Sendable
    /// The focusable controls, in Tab order (which is also the order they are drawn in).
    var controls: [Control] { get }
    /// The focused control; always one of `controls` after an event.
    var focus: Control { get set }
    func kind(of control: Control) -> ControlKind
    /// Where a text field's contents live; nil for controls that are not text fields.
    func text(of control: Control) -> WritableKeyPath<Self, TextInput>?
    /// The rules of a field and whether they pass now.
    func validation(for control: Control) -> [ValidationResult]
    /// Keeps an edited field in shape (digits only, say); most features need nothing.
    mutating func didEdit(_ control: Control)
}

extension FormFeature {
    public func validation(for control: Control) -> [ValidationResult] { [] }
    public mutating func didEdit(_ control: Control) {}

    /// The contents of a text field, or nil for other controls.
    public func input(_ control: Control) -> TextInput? { text(of: control).map { self[keyPath: $0] } }

    /// What the focused control is.
    public var focusedKind: ControlKind { kind(of: focus) }

    /// Whether the focused control edits text.
    public var isEditingText: Bool {
        if case .textField = focusedKind { return true }
        return false
    }

    /// Whether the focused control is a masked field.
    public var isFocusSecure: Bool { focusedKind == .textField(isSecure: true) }

    /// The messages to draw under a field: none until it was edited, then failing rules, plus the password
    /// rules once satisfied (a ✓ there tells the person the new password is acceptable).
    public func visibleValidation(for control: Control) -> [ValidationResult] {
        guard input(control)?.hasBeenEdited == true else { return [] }
        return validation(for: control).filter { !$0.isSatisfied || $0.rule.showsWhenSatisfied }
    }

    /// Whether every rule of `fields` passes.
    public func passes(_ fields: [Control]) -> Bool {
        fields.allSatisfy { validation(for: $0).allSatisfy(\.isSatisfied) }
    }

    /// Tab / Shift-Tab: the next or previous control, wrapping around.
    mutating func moveFocus(by delta: Int) {
        let order = controls
        guard !order.isEmpty else { return }
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[((index + delta) % order.count + order.count) % order.count]
    }

    /// Applies a line edit to the focused field; false when the focus is not a text field.
    mutating func edit(_ edit: TextEdit) -> Bool {
        let control = focus
        guard let path = text(of: control) else { return false }
        self[keyPath: path].apply(edit)
        didEdit(control)
        return true
    }

    /// Enter in a text field: focus the next text field and return false, or return true when it was the
    /// last one (the form's submit control then acts).
    mutating func advance(from control: Control) -> Bool {
        let order = controls
        guard let index = order.firstIndex(of: control) else { return true }
        guard let next = order[(index + 1)...].first(where: { text(of: $0) != nil }) else { return true }
        focus = next
        return false
    }

    /// Submitting a form that does not pass: every field shows its rules and the first failing one gets focus.
    mutating func revealValidation(of fields: [Control]) {
        for field in fields { if let path = text(of: field) { self[keyPath: path].hasBeenEdited = true } }
        let failing = fields.first { field in
            validation(for: field).contains { !$0.isSatisfied } || input(field)?.text.isEmpty == true
        }
        if let failing { focus = failing }
    }

    /// Puts text from the inbox (a code) into a field, and moves to the button that uses it.
    mutating func fill(_ field: Control, with text: String, then button: Control) {
        if let path = self.text(of: field) { self[keyPath: path] = TextInput(text) }
        didEdit(field)
        focus = button
    }

    /// Puts focus on the first control when the current one is not shown.
    mutating func normalizeFocus() {
        let order = controls
        if !order.contains(focus), let first = order.first { focus = first }
    }
}

/// What a form does with an event: a control was activated, or nothing more needs doing.
enum FormInput<Control> {
    case activated(Control)
    case handled
    case ignored
}

extension FormFeature {
    /// The input every form treats alike: text edits, focus movement and Enter.
    mutating func apply(_ input: NavigatorEvent.Input) -> FormInput<Control> {
        switch input {
        case .edited(let change): return edit(change) ? .handled : .ignored
        case .focusMovedForward: moveFocus(by: 1)
        case .focusMovedBackward: moveFocus(by: -1)
        case .activated: return .activated(focus)
        case .backRequested, .passwordRevealToggled, .inboxToggled, .selectionMoved: return .ignored
        }
        return .handled
    }
}
