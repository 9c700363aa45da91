import AuthFlow
import Localization
import TerminalUI

/// How a screen shows one of its feature's controls: the words and the widget.
enum ControlLook {
    case field(label: StringKey, placeholder: StringKey)
    /// Six boxes for an SMS or authenticator code.
    case codeField(label: StringKey)
    /// `grouped` buttons next to each other are stacked without blank rows (FirebaseUI's provider buttons).
    case button(String, role: ButtonRole = .primary, colors: CellColors? = nil, grouped: Bool = false)
    case link(String, leading: String? = nil, alignment: Alignment = .center)
    case checkbox(String)
    /// One of a group of choices (only one is on), drawn "(•) Title".
    case radio(String)
}

/// Draws a feature's controls from its control list, so the order on screen, the focus order and the
/// focused widget all come from one declaration.
struct FormBuilder<Feature: FormFeature> {
    let form: Feature
    let strings: Strings
    /// Whether password fields show their text.
    let isRevealed: Bool
    /// Whether the form's layer takes the keys; beneath another layer no widget is drawn focused (the
    /// column still scrolls to the focused one, so nothing jumps when an alert opens).
    let showsFocus: Bool

    /// The widgets of the controls in order, each marked focused or not, with `extras(before:)` drawn in
    /// front of a control (and `extras(before: nil)` after the last).
    func rows(look: (Feature.Control) -> ControlLook,
              extras: (Feature.Control?) -> [any Widget] = { _ in [] }) -> [(widget: any Widget, focused: Bool)] {
        var rows: [(widget: any Widget, focused: Bool)] = []
        var group: FormColumn?
        var groupFocused = false
        func closeGroup() {
            if let finished = group { rows.append((finished, groupFocused)) }
            group = nil
            groupFocused = false
        }
        for control in form.controls {
            let before = extras(control)
            if !before.isEmpty { closeGroup() }
            rows += before.map { ($0, false) }
            let controlLook = look(control)
            let focused = control == form.focus
            let shown = widget(for: control, look: controlLook, focused: focused && showsFocus)
            if case .button(_, _, _, true) = controlLook {
                if group == nil { group = FormColumn(maxWidth: 56, spacing: 0) }
                group?.add(shown, focused: focused)
                groupFocused = groupFocused || focused
            } else {
                closeGroup()
                rows.append((shown, focused))
            }
        }
        closeGroup()
        rows += extras(nil).map { ($0, false) }
        return rows
    }

    /// A centred column: `header` first, then the controls.
    func column(header: [any Widget], look: (Feature.Control) -> ControlLook,
                extras: (Feature.Control?) -> [any Widget] = { _ in [] }) -> FormColumn {
        var column = FormColumn(maxWidth: 56)
        for widget in header { column.add(widget) }
        for row in rows(look: look, extras: extras) { column.add(row.widget, focused: row.focused) }
        return column
    }

    private func widget(for control: Feature.Control, look: ControlLook, focused: Bool) -> any Widget {
        let kind = form.kind(of: control)
        switch look {
        case .field(let label, let placeholder):
            let input = form.input(control) ?? TextInput()
            let secure: SecureMode = kind == .textField(isSecure: true) ? (isRevealed ? .revealed : .masked) : .plain
            return TextField(label: strings[label], text: input.text, cursor: input.cursor,
                             placeholder: strings[placeholder], isFocused: focused, secure: secure,
                             messages: messages(control), isSelected: input.isSelected)
        case .codeField(let label):
            return CodeField(label: strings[label], digits: form.input(control)?.text ?? "", isFocused: focused,
                             messages: messages(control))
        case .button(let title, let role, let colors, _):
            let isEnabled = kind != .button(isEnabled: false)
            return Button(title, isFocused: focused, isEnabled: isEnabled, role: role, colors: colors)
        case .link(let title, let leading, let alignment):
            return LinkRow(leading: leading, link: title, isFocused: focused, alignment: alignment)
        case .checkbox(let title):
            return Checkbox(title, isOn: kind == .toggle(isOn: true), isFocused: focused)
        case .radio(let title):
            return Checkbox(title, isOn: kind == .toggle(isOn: true), isFocused: focused, mark: .radio)
        }
    }

    /// The messages under a field, localized: its validation, and a note when a paste was cut to fit.
    private func messages(_ control: Feature.Control) -> [ValidationMessage] {
        let validation = form.visibleValidation(for: control).map {
            ValidationMessage(strings[$0.rule.stringKey], isError: !$0.isSatisfied)
        }
        guard form.input(control)?.wasCut == true else { return validation }
        return validation + [ValidationMessage(strings.format(.fieldTooLong, .int(TextInput.maximumLength)),
                                               isError: true)]
    }
}

extension ValidationRule {
    var stringKey: StringKey {
        switch self {
        case .email: .emailValidation
        case .passwordLength: .passwordLengthValidation
        case .passwordsMatch: .passwordsMatchValidation
        case .phoneNumber: .phoneNumberValidation
        case .verificationCode: .verificationCodeValidation
        case .resetCode: .resetCodeValidation
        case .photoURL: .photoURLValidation
        case .browserAddress: .browserSignInPasteValidation
        case .displayName: .displayNameValidation
        }
    }
}
