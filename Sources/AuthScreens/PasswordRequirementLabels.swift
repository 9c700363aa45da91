import AuthCore
import Localization

/// The words for a project's password policy refusing a password: what the password still lacks, one per line.
struct PasswordRequirementLabels {
    let strings: Strings

    /// "This password doesn't meet …", then each requirement on a line of its own.
    func message(listing requirements: [PasswordRequirement]) -> String {
        ([strings[.passwordRequirementsError]] + requirements.map { "• " + label($0) }).joined(separator: "\n")
    }

    private func label(_ requirement: PasswordRequirement) -> String {
        switch requirement {
        case .minimumLength(let count): strings.format(.passwordRequirementMinimumLength, .int(count))
        case .maximumLength(let count): strings.format(.passwordRequirementMaximumLength, .int(count))
        case .lowercaseLetter: strings[.passwordRequirementLowercase]
        case .uppercaseLetter: strings[.passwordRequirementUppercase]
        case .digit: strings[.passwordRequirementDigit]
        case .nonAlphanumericCharacter: strings[.passwordRequirementNonAlphanumeric]
        }
    }
}
