import FoundationEssentials

/// Moments as whole seconds or milliseconds since 1970, kept within the range of Google's `Timestamp`
/// (0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z). Every conversion between a `Date` and an integer goes
/// through here: an integer outside the range gives no moment (a request is refused), and a moment outside it
/// (a damaged or older store) is clamped to the nearer end, so no conversion can trap.
public enum EpochTime {
    /// The whole seconds since 1970 a moment may have.
    public static let secondsRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
    /// The whole milliseconds since 1970 a moment may have.
    public static let millisecondsRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// The moment `seconds` after 1970; nil outside `secondsRange`.
    public static func date(seconds: some BinaryInteger) -> Date? {
        guard let seconds = Int64(exactly: seconds), secondsRange.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The moment `milliseconds` after 1970; nil outside `millisecondsRange`.
    public static func date(milliseconds: some BinaryInteger) -> Date? {
        guard let milliseconds = Int64(exactly: milliseconds), millisecondsRange.contains(milliseconds) else {
            return nil
        }
        return Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// `date` itself when within the range, else the nearer end of it; 1970 for a NaN.
    public static func clamped(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return Date(timeIntervalSince1970: 0) }
        let earliest = TimeInterval(millisecondsRange.lowerBound) / 1000
        let latest = TimeInterval(millisecondsRange.upperBound) / 1000
        return Date(timeIntervalSince1970: min(max(seconds, earliest), latest))
    }

    /// Whole seconds since 1970 of `date`, rounded down and clamped into `secondsRange` (0 for a NaN).
    public static func seconds(_ date: Date) -> Int64 {
        whole(date.timeIntervalSince1970, in: secondsRange)
    }

    /// Whole milliseconds since 1970 of `date`, rounded down and clamped into `millisecondsRange` (0 for a NaN).
    public static func milliseconds(_ date: Date) -> Int64 {
        whole(date.timeIntervalSince1970 * 1000, in: millisecondsRange)
    }

    /// `value` rounded down and clamped into `range`, whose ends a Double holds exactly; 0 for a NaN.
    private static func whole(_ value: Double, in range: ClosedRange<Int64>) -> Int64 {
        guard !value.isNaN else { return 0 }
        return Int64(min(max(value.rounded(.down), Double(range.lowerBound)), Double(range.upperBound)))
    }
}
