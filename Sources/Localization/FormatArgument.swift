/// A value substituted into a localized format string: text for `%@`, a number for `%d`.
///
/// Literals convert on their own: `strings.format(.terminalTooSmallDetail, 80, 24)`,
/// `strings.format(.signedInAs, "\(email)")`.
public enum FormatArgument: Sendable, Hashable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral {
    /// Text, for `%@`.
    case string(String)
    /// A whole number, for `%d`, `%i`, `%ld` and `%lld`.
    case int(Int)

    /// Creates a `.string` argument from a literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// Creates an `.int` argument from a literal.
    public init(integerLiteral value: Int) { self = .int(value) }

    /// Text wrapped in a first-strong isolate, so bidirectional reordering treats it as one unit of its own
    /// direction; numbers are left as they are.
    var isolated: FormatArgument {
        guard case .string(let value) = self, !value.isEmpty else { return self }
        return .string("\u{2068}" + value + "\u{2069}")
    }

    /// The number, for an `.int` argument: what picks a plural form.
    var count: Int? {
        guard case .int(let value) = self else { return nil }
        return value
    }

    /// The argument as it appears in the text; either kind renders under either specifier.
    var text: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        }
    }
}
