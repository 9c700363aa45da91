import AuthCore

/// FirebaseUI's `AuthView`: the routes pushed over the root (picker or signed-in screen).
public enum AuthView: Hashable, Sendable {
    case passwordRecovery
    case emailLink
    case updatePassword
    case mfaEnrollment
    case mfaManagement
    case mfaResolution(MFARequired)
    case enterPhoneNumber
    case enterVerificationCode(verificationID: String, fullPhoneNumber: String)
}
