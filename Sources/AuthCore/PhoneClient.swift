/// Phone numbers proven by a code sent by SMS.
public protocol PhoneClient: Sendable {
    /// Sends an SMS code; returns the verification id.
    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String
}
