/// What a widget says in plain mode (numbered choices and line prompts instead of a drawn screen): text to read,
/// a field to fill, a control to press, or a list to pick from.
public enum PlainItem: Hashable, Sendable {
    /// Text to read, line breaks kept.
    case text(String)
    /// A field: its label, what it holds (masked for a hidden secret), whether it is secret, and its messages.
    case field(label: String, value: String, isSecure: Bool, isFocused: Bool, messages: [ValidationMessage])
    /// Something to press: a button, a link or a checkbox.
    case control(title: String, isEnabled: Bool, isFocused: Bool)
    /// A list with one item selected.
    case list(items: [ListItem], selected: Int?)

    /// A field or a control: what Tab moves between.
    public var isFocusable: Bool {
        switch self {
        case .field, .control: true
        case .text, .list: false
        }
    }

    /// Whether Tab's focus is on this field or control.
    public var isFocused: Bool {
        switch self {
        case .field(_, _, _, let focused, _), .control(_, _, let focused): focused
        case .text, .list: false
        }
    }

    /// The items of any widget: its own description when it has one, else the text it draws 76 columns wide, so a
    /// widget without a description (a new one, say) still reads as what it shows.
    public static func items(of widget: any Widget) -> [PlainItem] {
        if let described = widget as? PlainDescribable { return described.plainItems }
        let width = 76
        var buffer = Buffer(size: Size(width: width, height: max(0, widget.height(width: width))), bidi: .terminal)
        widget.render(in: buffer.bounds, buffer: &buffer)
        let lines = buffer.textLines().map { $0.trimmingLeadingSpaces() }.filter { !$0.isEmpty }
        return lines.isEmpty ? [] : [.text(lines.joined(separator: "\n"))]
    }
}

/// A widget, alert or sheet that says itself in plain mode.
public protocol PlainDescribable {
    /// Top to bottom, in the order the screen draws them (which is also the focus order).
    var plainItems: [PlainItem] { get }
}

extension Label: PlainDescribable {
    /// The text; the logo is a picture and says nothing.
    public var plainItems: [PlainItem] { role == .logo || text.isEmpty ? [] : [.text(text)] }
}

extension Divider: PlainDescribable {
    public var plainItems: [PlainItem] { [] }
}

extension Spacer: PlainDescribable {
    public var plainItems: [PlainItem] { [] }
}

extension TextField: PlainDescribable {
    public var plainItems: [PlainItem] {
        let shown = secure == .masked ? String(repeating: "•", count: text.count) : text
        return [.field(label: label, value: shown, isSecure: secure != .plain, isFocused: isFocused, messages: messages)]
    }
}

extension CodeField: PlainDescribable {
    public var plainItems: [PlainItem] {
        [.field(label: label, value: digits, isSecure: false, isFocused: isFocused, messages: messages)]
    }
}

extension Button: PlainDescribable {
    public var plainItems: [PlainItem] { [.control(title: title, isEnabled: isEnabled, isFocused: isFocused)] }
}

extension LinkRow: PlainDescribable {
    public var plainItems: [PlainItem] {
        let title = [leading, link].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return [.control(title: title, isEnabled: true, isFocused: isFocused)]
    }
}

extension Checkbox: PlainDescribable {
    public var plainItems: [PlainItem] {
        [.control(title: symbol + " " + title, isEnabled: true, isFocused: isFocused)]
    }
}

extension ListView: PlainDescribable {
    public var plainItems: [PlainItem] { [.list(items: items, selected: selected)] }
}

extension FormColumn: PlainDescribable {
    public var plainItems: [PlainItem] { widgets.flatMap(PlainItem.items(of:)) }
}

extension Sheet: PlainDescribable {
    public var plainItems: [PlainItem] { [.text(title)] + rows.flatMap(PlainItem.items(of:)) }
}

extension Alert: PlainDescribable {
    public var plainItems: [PlainItem] {
        [.text(title), .text(message)]
            + buttons.enumerated().map { .control(title: $1, isEnabled: true, isFocused: $0 == focusedButton) }
    }
}

extension BusyIndicator: PlainDescribable {
    public var plainItems: [PlainItem] { [.text(text)] }
}

private extension String {
    func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
