/// A rule of a project's password policy that a password failed. Firebase names them in the detail of
/// PASSWORD_DOES_NOT_MEET_REQUIREMENTS (`Missing password requirements: [Password must contain at least 8
/// characters, Password must contain an upper case character]`), which both backends send.
public enum PasswordRequirement: Sendable, Hashable {
    case minimumLength(Int)
    case maximumLength(Int)
    case lowercaseLetter
    case uppercaseLetter
    case digit
    case nonAlphanumericCharacter

    /// The requirements a server's detail lists, in its order; a requirement it words otherwise is left out.
    public static func missing(in detail: String) -> [PasswordRequirement] {
        guard let list = detail.firstRange(of: "Missing password requirements: [")?.upperBound,
              let end = detail[list...].firstIndex(of: "]") else { return [] }
        return detail[list..<end].split(separator: ",").compactMap { PasswordRequirement(firebaseText: $0) }
    }

    /// One entry of Firebase's list, such as `Password must contain a numeric character`.
    init?(firebaseText: Substring) {
        let text = firebaseText.split(separator: " ").joined(separator: " ")
        let number = Int(text.split(separator: " ").first { $0.allSatisfy(\.isASCII) && Int($0) != nil } ?? "")
        switch text {
        case "Password must contain a lower case character": self = .lowercaseLetter
        case "Password must contain an upper case character": self = .uppercaseLetter
        case "Password must contain a numeric character": self = .digit
        case "Password must contain a non-alphanumeric character": self = .nonAlphanumericCharacter
        case _ where text.hasPrefix("Password must contain at least "):
            guard let number else { return nil }
            self = .minimumLength(number)
        case _ where text.hasPrefix("Password may contain at most "):
            guard let number else { return nil }
            self = .maximumLength(number)
        default: return nil
        }
    }
}

extension AuthError {
    /// For PASSWORD_DOES_NOT_MEET_REQUIREMENTS: what the password still lacks, as far as the server said.
    public var unmetPasswordRequirements: [PasswordRequirement] {
        guard code == .passwordDoesNotMeetRequirements, let detail else { return [] }
        return PasswordRequirement.missing(in: detail)
    }
}
