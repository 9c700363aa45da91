import AuthCore
import Testing
@testable import AuthFlow

/// Issue 29: a password a project's policy refuses is reported with what it lacks, and a missing library by its
/// name (issue 33), not as a generic error.
@Suite struct PasswordPolicyTests {
    /// Alice's sign-in with `password`, sent as operation 2.
    private func submitted(password: String) -> NavigatorStore {
        var store = filledSignInForm(email: "alice@example.com", password: password)
        let call = AuthCall.SignIn(email: "alice@example.com", password: password)
        store.send(.activated) {
            $0.presentation.replace(with: [busy(2, call)])
            $0.nextOperationID = 3
            $0.authenticationState = .authenticating
        }
        store.expectEffects([.run(operationID: 2, call)])
        return store
    }

    @Test func aRefusedPasswordShowsTheRequirementsItLacks() {
        var store = submitted(password: "short1")
        let refusal = AuthError(.passwordDoesNotMeetRequirements, detail: "accounts:signInWithPassword: "
                                + "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must "
                                + "contain at least 10 characters, Password must contain an upper case character]")
        store.send(.responded(operationID: 2, .failure(refusal))) {
            $0.presentation.replace(with: [okAlert(.passwordRequirementsNotMet([.minimumLength(10), .uppercaseLetter]))])
            $0.authenticationState = .unauthenticated
        }
        store.finish()
    }

    @Test func aMissingLibraryIsReportedAsSuch() {
        var store = submitted(password: "secret1")
        let failure = AuthError(.networkRequestFailed, detail: "libcurl.so.4 cannot be loaded", missingLibrary: .curl)
        store.send(.responded(operationID: 2, .failure(failure))) {
            $0.presentation.replace(with: [okAlert(.libraryMissing(.curl))])
            $0.authenticationState = .unauthenticated
        }
        store.finish()
    }
}
