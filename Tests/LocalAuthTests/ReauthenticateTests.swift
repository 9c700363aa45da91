import AuthCore
import Foundation
import LocalAuth
import Testing

@Suite("Reauthentication")
struct ReauthenticateTests {
    @Test("each credential of the current user refreshes the auth time and provider")
    func refreshesSession() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        _ = try await client.link(try await phoneCredential(client, for: "+15555550100"))
        _ = try await client.link(idpCredential())

        let credentials: [() async throws -> AuthCredential] = [
            { .emailPassword(email: "ADA@example.com", password: "secret1") },
            { .emailLink(email: "ada@example.com", link: try await sendSignInLink(client, to: "ada@example.com")) },
            { try await phoneCredential(client, for: "+15555550100") },
            { idpCredential(email: "changed@example.com") },
        ]
        for make in credentials {
            clock.advance(by: 600)
            let credential = try await make()
            #expect(signedInUser(try await client.reauthenticate(with: credential)) != nil)
            #expect(try await client.idTokenResult() == IDTokenResult(signInProvider: credential.providerID.signInProviderClaim.rawValue,
                                                                      authTime: clock.now, expirationDate: clock.now.addingTimeInterval(IDToken.lifetime)))
        }
        #expect(try await client.currentUser()?.providerIDs == ["password", "phone", "google.com"])
    }

    @Test("a wrong secret gives the sign-in error and leaves the session alone")
    func wrongSecret() async throws {
        let clock = TestClock()
        let client = try makeClient(clock: clock)
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        let before = try await client.idTokenResult()
        clock.advance(by: 600)
        #expect(await authError {
            _ = try await client.reauthenticate(with: .emailPassword(email: "ada@example.com", password: "wrong12"))
        }?.code == .invalidLoginCredentials)
        #expect(await authError {
            _ = try await client.reauthenticate(with: .emailLink(email: "ada@example.com", link: "nope"))
        }?.code == .invalidOobCode)
        let (verificationID, code) = try await sendSMS(client, to: "+15555550100")
        #expect(await authError {
            _ = try await client.reauthenticate(with: .phone(verificationID: verificationID, code: code == "000000"
                                                         ? "111111" : "000000"))
        }?.code == .invalidCode)
        #expect(await authError {
            _ = try await client.reauthenticate(with: .identityProvider(IdentityProviderCredential(
                providerID: "x.com")))
        }?.code == .operationNotAllowed)
        #expect(try await client.idTokenResult() == before)
    }

    @Test("another user's valid credential gives USER_MISMATCH and is not used up")
    func userMismatch() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "eve@example.com", password: "secret1")
        _ = try await client.signIn(with: idpCredential(subject: "g-eve", email: nil))
        _ = try await client.signIn(with: try await phoneCredential(client, for: "+15555550199"))
        try await client.signOut()
        let ada = try #require(signedInUser(try await client.createUser(email: "ada@example.com",
                                                                        password: "secret1")))
        let link = AuthCredential.emailLink(email: "eve@example.com",
                                            link: try await sendSignInLink(client, to: "eve@example.com"))
        let phone = try await phoneCredential(client, for: "+15555550199")
        let mismatched: [AuthCredential] = [
            .emailPassword(email: "eve@example.com", password: "secret1"), link, phone,
            idpCredential(subject: "g-eve", email: nil), idpCredential(subject: "g-unknown"),
        ]
        for credential in mismatched {
            let error = await authError { _ = try await client.reauthenticate(with: credential) }
            #expect(error?.code == .userMismatch, "\(credential)")
        }
        #expect(try await client.currentUser() == ada)
        try await client.signOut()
        _ = try await client.signIn(with: link)
        _ = try await client.signIn(with: phone)
    }

    @Test("reauthentication needs a signed-in user")
    func signedOut() async throws {
        let client = try makeClient()
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        #expect(await authError {
            _ = try await client.reauthenticate(with: .emailPassword(email: "ada@example.com", password: "secret1"))
        }?.code == .userNotFound)
        #expect(await authError { _ = try await client.reauthenticate(with: idpCredential()) }?.code == .userNotFound)
    }
}
