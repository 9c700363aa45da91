/// Values past every range a request field can have, as raw JSON text (some cannot be written by
/// `JSONSerialization`), and the other hostile shapes an emulator request can carry.
public enum ExtremeValues {
    /// Integer-like JSON numbers: the ends of Int64 and UInt64 and one past them, Double's ends and past them,
    /// the ends of a moment in seconds and milliseconds, small ones and a 400-digit one.
    public static let numbers: [String] = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
        "1e308", "-1e308", "1.7976931348623157e308", "1e400", "-1", "0", "1", "0.5", "-0", "4294967296",
        "253402300799", "253402300800", "253402300799999", "253402300800000", String(repeating: "9", count: 400),
    ]

    /// The same values as JSON strings (int64 fields travel as strings), and a few only a string can be.
    public static let strings: [String] = numbers.map { "\"\($0)\"" }
        + [#""""#, #"" 1""#, #""0x10""#, #""+1""#, #""1e3""#, #""-""#]

    /// Every extreme integer: numbers and strings.
    public static let all = numbers + strings

    /// Update masks with empty names and empty paths, and very long ones.
    public static let updateMasks: [String] = [
        ".", "a,..,b", ",", "a..b", "..", ".a", "a.", "", ",,", "signIn..allowDuplicateEmails",
        String(repeating: "a.", count: 3_000) + "a", String(repeating: "a,", count: 3_000),
    ]

    /// A JSON value nested `depth` levels deep: arrays, or objects when `objects`.
    public static func nested(depth: Int, objects: Bool) -> String {
        objects ? String(repeating: #"{"a":"#, count: depth) + "0" + String(repeating: "}", count: depth)
            : String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
    }
}
