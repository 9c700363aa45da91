import FoundationEssentials

/// Everything FirebaseUI's `AuthService` asks of Firebase Auth; each backend implements it.
///
/// Every implementation passes the same contract suite. An operation a backend does not offer yet
/// throws `AuthError(.notImplemented)`, never a silent success.
public protocol AuthClient: Sendable {
    // MARK: Session
    /// The user of the persisted session, if one is signed in.
    func currentUser() async throws(AuthError) -> User?
    /// What is known of the session now from local state, read on the calling thread without a network call, so
    /// a first frame needs no background call.
    func sessionAtHand() throws(AuthError) -> SessionAtHand
    /// Ends the session.
    func signOut() async throws(AuthError)
    /// Claims of the current ID token: sign-in provider and last interactive sign-in.
    func idTokenResult() async throws(AuthError) -> IDTokenResult
    /// The current ID token (refreshed when it is about to expire), for a program acting for the user; nil
    /// when the backend issues none (the local backend keeps its session in its store).
    func idToken() async throws(AuthError) -> String?

    // MARK: Email and password
    /// Creates an email/password account and signs in to it.
    func createUser(email: String, password: String) async throws(AuthError) -> SignInOutcome
    func signIn(email: String, password: String) async throws(AuthError) -> SignInOutcome
    func sendPasswordReset(email: String) async throws(AuthError)
    /// Checks a reset code without consuming it; returns the account's email.
    func verifyPasswordResetCode(_ code: String) async throws(AuthError) -> String
    func confirmPasswordReset(code: String, newPassword: String) async throws(AuthError)
    func updatePassword(_ newPassword: String) async throws(AuthError)
    func sendEmailVerification() async throws(AuthError)

    // MARK: Email link
    func sendSignInLink(email: String, settings: ActionCodeSettings) async throws(AuthError)
    func isSignInLink(_ link: String) -> Bool
    func signIn(email: String, link: String) async throws(AuthError) -> SignInOutcome

    // MARK: Phone
    /// Sends an SMS code; returns the verification id.
    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String

    // MARK: Credentials, anonymous, linking
    func signInAnonymously() async throws(AuthError) -> SignInOutcome
    func signIn(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome
    /// Links a credential to the current user.
    func link(_ credential: AuthCredential) async throws(AuthError) -> User
    /// Proves again that the signed-in person holds `credential`; for an account with second factors the answer
    /// is `.mfaRequired`, and `resolveSignIn` completes the reauthentication.
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> SignInOutcome
    /// Removes a sign-in method from the current user; the last one is never removed.
    func unlink(providerID: String) async throws(AuthError) -> User
    /// Begins a browser sign-in with an identity provider (`createAuthUri`): where to send the browser, which
    /// returns to `continueURI`; the address it returns to then signs in as an `IdentityProviderCredential`.
    func createAuthURI(_ request: AuthURIRequest) async throws(AuthError) -> AuthURI
    /// Provider ids previously used with an email (legacy sign-in recovery).
    func fetchSignInMethods(email: String) async throws(AuthError) -> [String]

    // MARK: Account
    /// The current user as the backend has it now (FirebaseAuth's `User.reload()`).
    func reload() async throws(AuthError) -> User
    /// Applies an out-of-band code from an email, such as VERIFY_EMAIL (FirebaseAuth's `applyActionCode`).
    func applyActionCode(_ code: String) async throws(AuthError)
    func updateProfile(displayName: String?, photoURL: String?) async throws(AuthError) -> User
    func deleteUser() async throws(AuthError)

    // MARK: Multi-factor
    func enrolledFactors() async throws(AuthError) -> [MultiFactorInfo]
    /// Sends an enrolment SMS; returns the verification id.
    func startPhoneEnrollment(phoneNumber: String) async throws(AuthError) -> String
    func generateTOTPSecret(accountName: String, issuer: String) async throws(AuthError) -> TOTPSecret
    func enroll(_ assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError)
    func unenroll(factorUID: String) async throws(AuthError)
    /// Sends the sign-in SMS for a phone hint; returns the verification id.
    func startPhoneMFASignIn(_ required: MFARequired, hintUID: String) async throws(AuthError) -> String
    func resolveSignIn(_ required: MFARequired, assertion: MultiFactorAssertion) async throws(AuthError) -> User
}

/// The decoded claims FirebaseUI reads from an ID token.
public struct IDTokenResult: Sendable, Hashable {
    public var signInProvider: String
    public var authTime: Date
    public var signInSecondFactor: SecondFactorType?
    /// When the ID token stops being accepted; nil where the backend issues no ID tokens (the local store).
    public var expirationDate: Date?

    public init(signInProvider: String, authTime: Date, signInSecondFactor: SecondFactorType? = nil,
                expirationDate: Date? = nil) {
        self.signInProvider = signInProvider
        self.authTime = authTime
        self.signInSecondFactor = signInSecondFactor
        self.expirationDate = expirationDate
    }
}

/// A TOTP secret being enrolled, with its `otpauth://` URL.
public struct TOTPSecret: Sendable, Hashable {
    public var sessionInfo: String
    public var sharedSecretKey: String
    public var qrCodeURL: String

    public init(sessionInfo: String, sharedSecretKey: String, qrCodeURL: String) {
        self.sessionInfo = sessionInfo
        self.sharedSecretKey = sharedSecretKey
        self.qrCodeURL = qrCodeURL
    }
}

extension TOTPSecret {
    /// `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=…&digits=…&period=…`, the key URI that
    /// authenticator apps scan from a QR code.
    public static func otpauthURL(sharedSecretKey: String, issuer: String, accountName: String,
                                  algorithm: String? = "SHA1", digits: Int = 6, period: Int = 30) -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/\(issuer):\(accountName)"
        var items = [URLQueryItem(name: "secret", value: sharedSecretKey), URLQueryItem(name: "issuer", value: issuer)]
        if let algorithm { items.append(URLQueryItem(name: "algorithm", value: algorithm)) }
        items.append(URLQueryItem(name: "digits", value: String(digits)))
        items.append(URLQueryItem(name: "period", value: String(period)))
        components.queryItems = items
        return components.string ?? ""
    }
}

/// Proof of a second factor, for enrolment or sign-in.
public enum MultiFactorAssertion: Sendable, Hashable {
    case phone(verificationID: String, code: String)
    case totp(sessionInfo: String, code: String)

    /// The kind of factor it proves.
    public var factorType: SecondFactorType {
        switch self {
        case .phone: .sms
        case .totp: .totp
        }
    }
}
