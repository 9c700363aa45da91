/// How a button looks: "[ Title ]" in its role, with a "›" focus marker two columns to its left.
///
/// `Button` and the button row of `Alert` both draw buttons this way.
struct ButtonFace {
    /// Columns kept free left of the face for the focus marker (and right of it, for balance).
    static let markerSpace = 2

    let title: String
    let isFocused: Bool
    let isEnabled: Bool
    let kind: ButtonRole

    /// The face text with the title cut to at most `titleWidth` columns.
    func text(titleWidth: Int) -> String {
        "[ " + TextWidth.truncate(TextWidth.sanitized(title), to: max(1, titleWidth)) + " ]"
    }

    /// The role of every cell of the face and of the marker.
    var role: StyleRole {
        if !isEnabled { return .buttonDisabled }
        if isFocused { return .buttonFocused }
        switch kind {
        case .primary: return .button
        case .destructive: return .error
        case .brand(let brand): return brand
        }
    }

    /// Draws `face` (from `text(titleWidth:)`) at (x, y) and the focus marker when focused.
    func draw(_ face: String, x: Int, y: Int, buffer: inout Buffer) {
        buffer.put(face, x: x, y: y, role: role)
        if isFocused { buffer.put("›", x: x - Self.markerSpace, y: y, role: role, maxWidth: 1) }
    }
}
