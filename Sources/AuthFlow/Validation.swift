/// One rule of a field, shown under it once the field was edited.
public enum ValidationRule: Hashable, Sendable {
    case email
    case passwordLength
    case passwordsMatch
    case phoneNumber
    case verificationCode
    /// The reset form needs the link or code from the recovery email.
    case resetCode
    /// A photo URL is empty or an http(s) address.
    case photoURL
    /// A pasted address must be where the browser came back to from this sign-in.
    case browserAddress
    /// A phone enrolled as a second factor needs a name to tell it from others.
    case displayName
}

extension ValidationRule {
    /// Whether a satisfied rule stays listed (with a ✓) under its field.
    public var showsWhenSatisfied: Bool { self == .passwordLength || self == .passwordsMatch }
}

/// A rule and whether the field currently satisfies it.
public struct ValidationResult: Hashable, Sendable {
    public var rule: ValidationRule
    public var isSatisfied: Bool

    public init(rule: ValidationRule, isSatisfied: Bool) {
        self.rule = rule
        self.isSatisfied = isSatisfied
    }

    /// FirebaseUI's email rule on `text`.
    static func email(_ text: String) -> ValidationResult {
        ValidationResult(rule: .email, isSatisfied: FormValidators.isValidEmail(text))
    }

    /// Firebase's minimum password length on `text`.
    static func passwordLength(_ text: String) -> ValidationResult {
        ValidationResult(rule: .passwordLength, isSatisfied: FormValidators.isLongEnough(text))
    }

    /// Whether a confirmation repeats the password; an empty one confirms nothing (no "✓ Passwords must match" under
    /// two empty fields).
    static func passwordsMatch(_ confirmation: String, _ password: String) -> ValidationResult {
        ValidationResult(rule: .passwordsMatch, isSatisfied: !confirmation.isEmpty && confirmation == password)
    }
}
