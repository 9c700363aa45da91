import FoundationEssentials

/// RFC 3339 times as Identity Toolkit writes them (`2026-12-01T18:16:04Z`, `…04.123Z`).
public enum RFC3339 {
    /// `date` in UTC, with milliseconds when `milliseconds` (as Google's `google-datetime` fields), rounded to
    /// the nearest one: a moment read back from `…28.990Z` is a hair under it as a `Date`, and the formatter
    /// would cut it to `28.989`.
    public static func string(_ date: Date, milliseconds: Bool = false) -> String {
        guard milliseconds else { return Date.ISO8601FormatStyle().format(date) }
        let total = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (total / 1000).rounded(.down)
        let fraction = String(Int(total - seconds * 1000))
        let whole = Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: seconds))
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    /// The moment `text` names, with or without fractions of a second; nil when it is not RFC 3339.
    public static func date(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
