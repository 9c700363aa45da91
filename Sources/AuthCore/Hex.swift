/// Bytes written as hexadecimal digits, two per byte.
public enum Hex {
    /// `bytes` in lower-case hexadecimal, e.g. "0aff".
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(text)
    }
}
