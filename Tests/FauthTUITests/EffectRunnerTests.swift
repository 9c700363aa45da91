import AuthCore
import AuthFlow
import FirebaseAuthREST
import Foundation
import LocalAuth
import Testing
@testable import FauthTUI

/// The runner against the real embedded backend: each effect's result comes back as the right event.
@Suite struct EffectRunnerTests {
    private func runner(autoUpgrade: Bool = false) throws -> (EffectRunner, LocalAuthClient) {
        let client = try LocalAuthClient(path: ":memory:",
                                         passwordHashing: ScryptParameters(cost: 1 << 10, blockSize: 8, parallelism: 1))
        let service = AuthService(configuration: AuthConfiguration(shouldAutoUpgradeAnonymousUsers: autoUpgrade),
                                  client: client).withEmailSignIn()
        return (EffectRunner(service: service, inbox: client, storage: MemoryAppStorage()), client)
    }

    private func signedInUser(_ event: NavigatorEvent) -> User? {
        guard case .responded(_, let response) = event,
              case .signedIn(let user)? = response.output(SignInOutcome.self) else { return nil }
        return user
    }

    @Test func signUpSignOutAndSessionLoading() async throws {
        let (runner, _) = try runner()
        #expect(await runner.run(AuthCall(AuthCall.LoadSession()), operationID: 1) == .responded(operationID: 1, .success(SessionSnapshot(user: nil))))
        let created = signedInUser(await runner.run(AuthCall(AuthCall.CreateUser(email: "a@example.com", password: "secret1")), operationID: 2))
        #expect(created?.email == "a@example.com")
        #expect(await runner.run(AuthCall(AuthCall.LoadSession()), operationID: 3) == .responded(operationID: 3, .success(SessionSnapshot(user: created))))
        #expect(await runner.run(AuthCall(AuthCall.SignOut()), operationID: 4) == .responded(operationID: 4, .success(true)))
        #expect(await runner.run(AuthCall(AuthCall.SignIn(email: "a@example.com", password: "nope-nope")), operationID: 5)
            == .responded(operationID: 5, .failure(AuthError(.invalidLoginCredentials))))
    }

    /// Issue 12: the local store's session is read at once, so a first frame needs no background task.
    @Test func theLocalSessionIsAnsweredAtOnceAndOtherCallsAreNot() async throws {
        let (runner, _) = try runner()
        #expect(runner.immediateResponse(to: AuthCall(AuthCall.LoadSession())) == .success(SessionSnapshot(user: nil)))
        let created = signedInUser(await runner.run(AuthCall(AuthCall.CreateUser(email: "a@example.com", password: "secret1")), operationID: 1))
        #expect(runner.immediateResponse(to: AuthCall(AuthCall.LoadSession())) == .success(SessionSnapshot(user: created)))
        #expect(runner.immediateResponse(to: AuthCall(AuthCall.SignOut())) == nil)
        #expect(runner.immediateResponse(to: AuthCall(AuthCall.LoadInbox())) == nil)
    }

    /// A Firebase backend knows at once that nobody is signed in, but checks a saved session with the server first.
    @Test func aSavedFirebaseSessionIsCheckedAsATask() throws {
        func runner(_ saved: PersistedSession?) -> EffectRunner {
            let client = FirebaseAuthClient(endpoint: .emulator(host: "127.0.0.1", port: 9, projectID: "demo-runner"),
                                            sessionStore: MemorySessionStore(saved))
            return EffectRunner(service: AuthService(client: client), inbox: nil, storage: MemoryAppStorage())
        }
        #expect(runner(nil).immediateResponse(to: AuthCall(AuthCall.LoadSession())) == .success(SessionSnapshot(user: nil)))
        let saved = PersistedSession(idToken: "id", refreshToken: "refresh", expiresAt: Date(timeIntervalSince1970: 0),
                                     user: User(uid: "u1", email: "a@example.com"))
        #expect(runner(saved).immediateResponse(to: AuthCall(AuthCall.LoadSession())) == nil)
    }

    @Test func passwordRecoveryThroughTheInboxLink() async throws {
        let (runner, client) = try runner()
        _ = await runner.run(AuthCall(AuthCall.CreateUser(email: "a@example.com", password: "secret1")), operationID: 1)
        _ = await runner.run(AuthCall(AuthCall.SignOut()), operationID: 2)
        #expect(await runner.run(AuthCall(AuthCall.SendPasswordRecoveryEmail(email: "a@example.com")), operationID: 3)
            == .responded(operationID: 3, .success("a@example.com")))
        guard case .responded(_, let inbox) = await runner.run(AuthCall(AuthCall.LoadInbox()), operationID: 4),
              let messages = inbox.output([OutboxMessage].self) else {
            Issue.record("no inbox")
            return
        }
        let link = try #require(messages.last?.link)
        #expect(await runner.run(AuthCall(AuthCall.ResetPassword(codeOrLink: link, newPassword: "fresh-pass")), operationID: 5)
            == .responded(operationID: 5, .success("a@example.com")))
        #expect(await runner.run(AuthCall(AuthCall.ResetPassword(codeOrLink: link, newPassword: "again-pass")), operationID: 6)
            == .responded(operationID: 6, .failure(AuthError(.invalidOobCode))))
        let outcome = try await client.signIn(email: "a@example.com", password: "fresh-pass")
        guard case .signedIn(let user) = outcome else {
            Issue.record("the new password did not sign in")
            return
        }
        #expect(user.email == "a@example.com")
    }

    @Test func anAnonymousUserIsUpgradedInPlaceWhenConfigured() async throws {
        let (runner, client) = try runner(autoUpgrade: true)
        guard case .signedIn(let guest) = try await client.signInAnonymously() else {
            Issue.record("no guest")
            return
        }
        let upgraded = signedInUser(await runner.run(AuthCall(AuthCall.CreateUser(email: "g@example.com", password: "secret1")), operationID: 1))
        #expect(upgraded?.uid == guest.uid)
        #expect(upgraded?.isAnonymous == false)
    }

    @Test func discardingEndsTheSession() async throws {
        let (runner, client) = try runner()
        _ = await runner.run(AuthCall(AuthCall.CreateUser(email: "a@example.com", password: "secret1")), operationID: 1)
        await runner.discardSession()
        #expect(try await client.currentUser() == nil)
    }
}
