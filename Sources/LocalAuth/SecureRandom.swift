import AuthCore

/// Random identifiers shaped for their use, from the system's CSPRNG (`SystemRandom`).
enum SecureRandom {
    /// `count` uniformly random decimal digits; used for SMS codes.
    static func digits(_ count: Int) -> String {
        var result = ""
        while result.count < count {
            // Rejection sampling: 250 = 25 × 10, so the accepted bytes map uniformly onto the digits.
            for byte in SystemRandom.bytes(count * 2) where byte < 250 && result.count < count {
                result.append(Character(String(byte % 10)))
            }
        }
        return result
    }

    /// A 28-character alphanumeric account id, shaped like Firebase's.
    static func uid() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var result = ""
        while result.count < 28 {
            // Rejection sampling: 248 = 4 × 62, so the accepted bytes map uniformly onto the alphabet.
            for byte in SystemRandom.bytes(32) where byte < 248 && result.count < 28 {
                result.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return result
    }
}
