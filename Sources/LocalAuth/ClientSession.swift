import AuthCore
import FoundationEssentials

/// One interface's signed-in account on a store that other processes may share, as a Firebase client keeps its
/// own tokens: every account action acts on this uid, whoever signs in elsewhere on the same store.
struct ClientSession: Sendable, Hashable {
    /// The account this process is signed in to.
    var uid: String
    /// How it last signed in interactively (an ID token's `firebase.sign_in_provider`).
    var signInProvider: String
    /// When it last signed in interactively; sensitive changes check it (see `requireRecentSignIn`).
    var authTime: Date
    /// The second factor that sign-in proved, if any, and its enrolment id.
    var secondFactor: SecondFactorType?
    var secondFactorID: String?

    /// The session a sign-in starts.
    init(_ signIn: LocalSignIn, secondFactor: EnrolledFactor? = nil) {
        uid = signIn.account.uid
        signInProvider = signIn.provider
        authTime = signIn.authTime
        self.secondFactor = secondFactor?.kind
        secondFactorID = secondFactor?.id
    }

    /// The store's session, which the next interface started on the store resumes.
    init(_ stored: StoredSession) {
        uid = stored.account.uid
        signInProvider = stored.signInProvider
        authTime = stored.authTime
        secondFactor = stored.secondFactor
        secondFactorID = stored.secondFactorID
    }

    /// `firebase.sign_in_second_factor` and `second_factor_identifier` of its ID tokens, after a second factor.
    var secondFactorClaim: (name: String, id: String)? {
        guard let secondFactor, let secondFactorID else { return nil }
        return (secondFactor.claimName, secondFactorID)
    }
}
