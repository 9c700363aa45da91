import Synchronization

/// Project settings the emulator applies; `PATCH /emulator/v1/projects/{id}/config` changes them at run time.
public struct EmulatorSettings: Sendable, Hashable {
    /// Email-enumeration protection, on by default as for every production project created since
    /// September 2023: wrong emails and wrong passwords both give INVALID_LOGIN_CREDENTIALS, password-reset
    /// requests never say whether the email exists, and `createAuthUri` lists no sign-in methods.
    public var emailEnumerationProtection: Bool

    /// Settings with every value given.
    public init(emailEnumerationProtection: Bool = true) {
        self.emailEnumerationProtection = emailEnumerationProtection
    }
}

/// The settings of a running API, shared by the copies of the handler that serve requests concurrently.
final class SharedSettings: Sendable {
    private let current: Mutex<EmulatorSettings>

    init(_ settings: EmulatorSettings) {
        current = Mutex(settings)
    }

    /// The settings now.
    var value: EmulatorSettings {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
