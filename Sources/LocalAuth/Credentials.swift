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
        guard EmailAddress.isWellFormed(email) else { throw AuthError(.invalidEmail) }
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
        guard PhoneNumber.isE164(number) else { throw AuthError(.invalidPhoneNumber, detail: "Invalid format.") }
        return number
    }
}
