/// A line under a field about one validation rule: unmet (an error) or already satisfied.
public struct ValidationMessage: Sendable, Hashable {
    /// What the rule asks for, e.g. "Password must be at least 6 characters".
    public var text: String
    /// True when the rule is not met yet.
    public var isError: Bool

    /// A message about one rule; `isError` is true while the rule is not met.
    public init(_ text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }

    /// The wrapped rows for a message `width` columns wide: "✗ " or "✓ " first, later rows indented to match.
    func lines(width: Int) -> [String] {
        let prefix = isError ? "✗ " : "✓ "
        let wrapped = TextWidth.wrap(text, width: width - 2)
        return wrapped.enumerated().map { index, line in (index == 0 ? prefix : "  ") + line }
    }

    /// The role the message is drawn in.
    var role: StyleRole { isError ? .error : .muted }
}
