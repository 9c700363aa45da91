/// The one shape of an email address that the engine, the emulator and the interface's forms all accept, so the
/// form never refuses what the backend takes, nor passes what it refuses.
///
/// As lenient as Firebase, whose own check is little more than "one `@` with text on each side": any letters,
/// digits and symbols (`o'brien`, `$;*|`, non-Latin scripts), but nothing a person cannot see or type.
public enum EmailAddress {
    /// Longest address accepted, in UTF-8 bytes (RFC 5321's path length less its angle brackets).
    public static let maximumLength = 254

    /// `local@domain.tld`: one `@`, a non-empty local part, two or more dot-separated domain labels neither
    /// starting nor ending with `-`; no part or label starting with a combining mark, and no invisible scalar
    /// anywhere (see `isInvisible`).
    public static func isWellFormed(_ email: String) -> Bool {
        guard email.utf8.count <= maximumLength, !email.unicodeScalars.contains(where: isInvisible) else {
            return false
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, startsVisibly(parts[0]) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { startsVisibly($0) && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }

    /// Whether `part` is non-empty and does not start with a combining mark, which has nothing to combine with.
    private static func startsVisibly(_ part: Substring) -> Bool {
        guard let first = part.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
    }

    /// Whether a scalar has no place in an address: whitespace, controls (C0 and C1), format characters
    /// (zero-width joiners and spaces, bidi overrides and isolates), separators, private-use, surrogate or
    /// unassigned code points, and default-ignorable ones (variation selectors, the Hangul filler).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate,
             .unassigned:
            true
        default:
            scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
