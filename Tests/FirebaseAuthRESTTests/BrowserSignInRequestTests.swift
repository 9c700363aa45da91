import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct BrowserSignInRequestTests {
    private let redirect = IdentityProviderRedirect(requestURI: "http://127.0.0.1:4000/?code=SECRET-CODE&state=s",
                                                    sessionID: "session-1")

    @Test func createAuthURIAsksForTheProviderWithScopesAndParameters() async throws {
        let stub = StubServer()
        stub.reply("accounts:createAuthUri", #"{"authUri": "https://idp.example/auth?state=s", "sessionId": "session-1"}"#)
        let request = AuthURIRequest(providerID: "github.com", continueURI: "http://127.0.0.1:4000/",
                                     scopes: ["read:user", "user:email"], customParameters: ["allow_signup": "false"])
        let answer = try await stub.client(production: true).createAuthURI(request)
        #expect(answer == AuthURI(authURI: "https://idp.example/auth?state=s", sessionID: "session-1"))
        let sent = try #require(stub.requests("accounts:createAuthUri").first)
        #expect(sent.string("providerId") == "github.com")
        #expect(sent.string("continueUri") == "http://127.0.0.1:4000/")
        #expect(sent.string("oauthScope") == "read:user user:email")
        #expect(sent.json["customParameter"] as? [String: String] == ["allow_signup": "false"])
    }

    @Test func anAnswerWithoutAnAddressIsAnError() async throws {
        let stub = StubServer()
        stub.reply("accounts:createAuthUri", #"{"sessionId": "session-1"}"#)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client().createAuthURI(AuthURIRequest(providerID: "google.com", continueURI: "http://127.0.0.1:1/"))
        }
        #expect(error?.code == .internalError)
    }

    @Test func theReturnedAddressGoesAsRequestURIWithTheSession() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithIdp")
        let credential = IdentityProviderCredential(providerID: "google.com", redirect: redirect)
        _ = try await stub.client(production: true).signIn(with: .identityProvider(credential))
        let request = try #require(stub.requests("accounts:signInWithIdp").first)
        #expect(request.string("requestUri") == redirect.requestURI)
        #expect(request.string("sessionId") == "session-1")
        #expect(request.json["postBody"] == nil)
        #expect(request.json["returnIdpCredential"] as? Bool == true)
    }

    @Test func aConflictKeepsTheProviderTokenNotTheUsedAddress() async throws {
        let stub = StubServer()
        stub.reply("accounts:signInWithIdp", #"{"needConfirmation": true, "email": "ann@example.com", "providerId": "google.com", "oauthIdToken": "ID-TOKEN"}"#)
        let credential = IdentityProviderCredential(providerID: "google.com", redirect: redirect)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client(production: true).signIn(with: .identityProvider(credential))
        }
        #expect(error?.code == .accountExistsWithDifferentCredential)
        #expect(error?.conflict?.email == "ann@example.com")
        #expect(error?.conflict?.credential == .identityProvider(IdentityProviderCredential(providerID: "google.com",
                                                                                           idToken: "ID-TOKEN")))
    }
}
