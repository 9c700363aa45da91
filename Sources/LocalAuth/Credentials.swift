import AuthCore

/// The shape rules for emails, passwords and phone numbers, with Identity Toolkit's error codes.
enum Credentials {
    /// Shortest password accepted for a new or changed password.
    static let minimumPasswordLength = 6
    /// Longest password accepted anywhere (the most a Firebase password policy allows); longer ones are refused
    /// before any hashing.
    static let maximumPasswordLength = 4_096

    /// The lookup key of a well-formed email (case-insensitive), or MISSING_EMAIL / INVALID_EMAIL.
    static func emailKey(_ email: String) throws(AuthError) -> String {
        guard !email.isEmpty else { throw AuthError(.missingEmail) }
        guard isWellFormed(email) else { throw AuthError(.invalidEmail) }
        return email.lowercased()
    }

    /// MISSING_PASSWORD when empty, PASSWORD_DOES_NOT_MEET_REQUIREMENTS when longer than 4,096 characters (with
    /// Firebase's message); any other password may be tried for sign-in.
    static func requirePassword(_ password: String) throws(AuthError) {
        guard !password.isEmpty else { throw AuthError(.missingPassword) }
        guard password.utf8.count <= maximumPasswordLength || password.count <= maximumPasswordLength else {
            throw AuthError(.passwordDoesNotMeetRequirements, detail: "Missing password requirements: "
                            + "[Password may contain at most \(maximumPasswordLength) characters]")
        }
    }

    /// MISSING_PASSWORD when empty, WEAK_PASSWORD when shorter than six characters.
    static func requireStrongPassword(_ password: String) throws(AuthError) {
        try requirePassword(password)
        guard password.count >= minimumPasswordLength else {
            throw AuthError(.weakPassword, detail: "password must have at least \(minimumPasswordLength) characters")
        }
    }

    /// The number itself when it is E.164 (`+`, then 7 to 15 digits, the first not 0), else INVALID_PHONE_NUMBER.
    static func phoneNumber(_ number: String) throws(AuthError) -> String {
        let digits = number.utf8.dropFirst()
        guard number.utf8.first == UInt8(ascii: "+"), (7...15).contains(digits.count),
              digits.first != UInt8(ascii: "0"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { throw AuthError(.invalidPhoneNumber) }
        return number
    }

    /// `local@domain.tld`: one `@`, a non-empty local part, dot-separated non-empty domain labels, no spaces.
    private static func isWellFormed(_ email: String) -> Bool {
        guard email.utf8.count <= 254,
              !email.unicodeScalars.contains(where: isInvisible)
        else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }

    /// Whether a scalar has no place in an address: whitespace, controls (C0 and C1), format characters
    /// (zero-width joiners and spaces, bidi overrides and isolates), separators, private-use, surrogate or
    /// unassigned code points. Every path that takes an email checks it here.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate,
             .unassigned:
            true
        default:
            scalar.properties.isWhitespace
        }
    }
}
