import FoundationEssentials

/// RFC 3339 times as Identity Toolkit writes them (`2026-12-01T18:16:04Z`, `…04.123Z`).
public enum RFC3339 {
    /// `date` in UTC, with milliseconds when `milliseconds` (as Google's `google-datetime` fields).
    public static func string(_ date: Date, milliseconds: Bool = false) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: milliseconds).format(date)
    }

    /// The moment `text` names, with or without fractions of a second; nil when it is not RFC 3339.
    public static func date(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
