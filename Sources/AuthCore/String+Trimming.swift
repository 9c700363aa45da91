/// Trimming as Foundation's `trimmingCharacters(in:)`, which FoundationEssentials lacks.
extension StringProtocol {
    /// This text without leading and trailing white space or line breaks (`CharacterSet.whitespacesAndNewlines`).
    public func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { $0.properties.isWhitespace }
    }

    /// This text without leading and trailing spaces and tabs (`CharacterSet.whitespaces`).
    public func trimmingWhitespace() -> String {
        trimmingScalars { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    private func trimmingScalars(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
              let last = scalars.lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
