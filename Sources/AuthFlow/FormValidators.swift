/// FirebaseUI's form validators, as pure checks.
public enum FormValidators {
    /// FirebaseUI's email rule: `local@domain.tld` with a 2+ letter top-level domain.
    public static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let localAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")
        guard parts[0].allSatisfy(localAllowed.contains) else { return false }
        let domain = parts[1]
        guard let dot = domain.lastIndex(of: ".") else { return false }
        let host = domain[..<dot], tld = domain[domain.index(after: dot)...]
        let hostAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
        return !host.isEmpty && host.allSatisfy(hostAllowed.contains)
            && tld.count >= 2 && tld.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// Firebase's minimum password length.
    public static let minimumPasswordLength = 6

    /// Whether a new password is long enough.
    public static func isLongEnough(_ password: String) -> Bool { password.count >= minimumPasswordLength }
}
