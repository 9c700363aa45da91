import FoundationEssentials
import AuthCore

/// Something that happened: a person's action or a call's result.
public enum NavigatorEvent: Hashable, Sendable {
    /// The app started; the persisted session must be read.
    case started
    /// Text typed, pasted or edited in the focused field.
    case edited(TextEdit)
    case focusMovedForward
    case focusMovedBackward
    /// Enter on the focused control.
    case activated
    /// Esc: stop waiting, dismiss, go back or cancel.
    case backRequested
    case passwordRevealToggled
    case inboxToggled
    /// ↑/↓ in a list.
    case selectionMoved(by: Int)
    /// Ctrl-C or Ctrl-Q.
    case quitRequested
    /// The run loop's clock, for countdowns (the Navigator reads no clock itself).
    case clockTicked(Date)
    /// A call finished.
    case responded(operationID: Int, OperationResponse)
}

/// An SMS code went out.
public struct PhoneCodeSent: Hashable, Sendable {
    public var verificationID: String
    public var phoneNumber: String
    /// When it was sent, by the runner's clock.
    public var sentAt: Date

    public init(verificationID: String, phoneNumber: String, sentAt: Date) {
        self.verificationID = verificationID
        self.phoneNumber = phoneNumber
        self.sentAt = sentAt
    }
}

/// What the app knew at launch: the persisted session and the remembered email-link address.
public struct SessionSnapshot: Hashable, Sendable {
    public var user: User?
    public var emailForLink: String?
    /// The user the provisioning command last succeeded for, remembered across runs.
    public var provisionedUserID: String?

    public init(user: User?, emailForLink: String? = nil, provisionedUserID: String? = nil) {
        self.user = user
        self.emailForLink = emailForLink
        self.provisionedUserID = provisionedUserID
    }
}

/// The result of one effect.
public enum OperationResponse: Hashable, Sendable {
    case session(Result<SessionSnapshot, AuthError>)
    case signIn(Result<SignInOutcome, AuthError>)
    case signInLinkSent(Result<String, AuthError>)
    case signInMethods(Result<[String], AuthError>)
    case credentialLinked(Result<User, AuthError>)
    case phoneCodeSent(Result<PhoneCodeSent, AuthError>)
    /// A second factor's text message went out; the value is its verification id.
    case secondFactorCodeSent(Result<String, AuthError>)
    case passwordRecoveryEmailSent(Result<String, AuthError>)
    case passwordReset(Result<String, AuthError>)
    case signedOut(Result<Bool, AuthError>)
    case inbox(Result<[OutboxMessage], AuthError>)
    /// An account call (verification, password, profile, unlink, reauthentication) left the user as given.
    case accountUpdated(Result<User, AuthError>)
    /// The provider of the session's last sign-in.
    case signInProvider(Result<String, AuthError>)
    case browserSignInBegun(Result<BrowserSignIn.Start, AuthError>)
    /// The address the browser came back to.
    case browserReturned(Result<String, AuthError>)
    case deviceSignInBegun(Result<DeviceSignIn.Start, AuthError>)
    /// The provider's credential once the person approved the device code.
    case deviceApproved(Result<IdentityProviderCredential, AuthError>)
    /// The provisioning command succeeded for the user with this id, or failed.
    case provisioned(Result<String, ProvisioningFailure>)
    /// The enrolled second factors, after loading, removing or enrolling one.
    case secondFactors(Result<[MultiFactorInfo], AuthError>)
    /// The code proving a number to enrol went out.
    case enrollmentCodeSent(Result<PhoneCodeSent, AuthError>)
    case totpEnrollmentStarted(Result<TOTPEnrollmentStarted, AuthError>)
}

extension OperationResponse {
    /// The error, when the call failed.
    public var failure: AuthError? {
        switch self {
        case .session(.failure(let error)), .signIn(.failure(let error)), .signInLinkSent(.failure(let error)),
             .signInMethods(.failure(let error)), .credentialLinked(.failure(let error)),
             .phoneCodeSent(.failure(let error)), .secondFactorCodeSent(.failure(let error)),
             .passwordRecoveryEmailSent(.failure(let error)), .passwordReset(.failure(let error)),
             .signedOut(.failure(let error)), .inbox(.failure(let error)), .accountUpdated(.failure(let error)),
             .signInProvider(.failure(let error)), .secondFactors(.failure(let error)),
             .enrollmentCodeSent(.failure(let error)), .totpEnrollmentStarted(.failure(let error)),
             .deviceSignInBegun(.failure(let error)):
            error
        default:
            nil
        }
    }
}
