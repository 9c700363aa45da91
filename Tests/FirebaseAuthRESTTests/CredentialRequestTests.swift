import AuthCore
import Foundation
import Testing
@testable import FirebaseAuthREST

@Suite struct CredentialRequestTests {
    private let profile = IdentityProviderProfile(subject: "sub-1", email: "ann@example.com", displayName: "Ann",
                                                  isEmailVerified: true)

    @Test func identityProviderTokensGoInThePostBody() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithIdp")
        let credential = IdentityProviderCredential(providerID: "google.com", idToken: "G-ID", accessToken: "G-AT")
        _ = try await stub.client(production: true).signIn(with: .identityProvider(credential))

        let request = try #require(stub.requests("accounts:signInWithIdp").first)
        #expect(request.string("requestUri") == "http://localhost")
        #expect(request.json["returnSecureToken"] as? Bool == true)
        #expect(request.json["returnIdpCredential"] as? Bool == true)
        #expect(request.json["idToken"] == nil)
        let postBody = RecordedRequest.formFields(try #require(request.string("postBody")))
        #expect(postBody == ["id_token": "G-ID", "access_token": "G-AT", "providerId": "google.com"])
    }

    @Test func aSimulatedProfileGoesToAnEmulatorAsAJSONIDToken() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithIdp")
        let credential = IdentityProviderCredential(providerID: "github.com", simulatedProfile: profile)
        _ = try await stub.client().signIn(with: .identityProvider(credential))

        let request = try #require(stub.requests("accounts:signInWithIdp").first)
        let postBody = RecordedRequest.formFields(try #require(request.string("postBody")))
        #expect(postBody["providerId"] == "github.com")
        let claims = try JSONSerialization.jsonObject(with: Data(try #require(postBody["id_token"]).utf8))
            as? [String: Any]
        #expect(claims?["sub"] as? String == "sub-1")
        #expect(claims?["email"] as? String == "ann@example.com")
        #expect(claims?["email_verified"] as? Bool == true)
        #expect(claims?["name"] as? String == "Ann")
    }

    @Test func productionRefusesASimulatedProfileWithoutARequest() async throws {
        let stub = StubServer()
        let credential = IdentityProviderCredential(providerID: "github.com", simulatedProfile: profile)
        let error = await #expect(throws: AuthError.self) {
            try await stub.client(production: true).signIn(with: .identityProvider(credential))
        }
        #expect(error?.code == .operationNotAllowed)
        #expect(stub.requests.isEmpty)
    }

    @Test func linkingAProviderSendsTheSessionToken() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithIdp")
        let credential = IdentityProviderCredential(providerID: "github.com", accessToken: "GH-AT")
        _ = try await stub.signedInClient().link(.identityProvider(credential))
        #expect(stub.requests("accounts:signInWithIdp").first?.string("idToken") == Fixtures.idToken())
    }

    @Test func linkingAPasswordUsesSignUpWithTheSessionToken() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signUp")
        let user = try await stub.signedInClient().link(.emailPassword(email: "ann@example.com", password: "pw-123456"))
        let request = try #require(stub.requests("accounts:signUp").first)
        #expect(request.string("idToken") == Fixtures.idToken())
        #expect(request.string("email") == "ann@example.com")
        #expect(request.string("password") == "pw-123456")
        #expect(user.providerIDs == ["password"])
    }

    @Test func anonymousSignInIsASignUpWithoutCredentialsAndIsReused() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signUp", lookup: Fixtures.lookup(email: nil, providers: []))
        let client = stub.client()

        let first = try await client.signInAnonymously()
        let second = try await client.signInAnonymously()

        #expect(stub.requests("accounts:signUp").count == 1)
        // An empty signUp body: the v1 schema has no returnSecureToken (tokens always come back).
        #expect(stub.requests("accounts:signUp").first?.json.isEmpty == true)
        guard case .signedIn(let user) = first else { Issue.record("not signed in"); return }
        #expect(user.isAnonymous)
        #expect(second == first)
    }

    @Test func reauthenticationSignsInAgainWithoutTheSessionTokenAndTakesTheNewTokens() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        let fresh = Fixtures.idToken(authTime: 1_800_000_500)
        stub.replySignIn("accounts:signInWithPassword", idToken: fresh)

        let outcome = try await client.reauthenticate(with: .emailPassword(email: "ann@example.com",
                                                                          password: "pw-123456"))

        guard case .signedIn = outcome else {
            Issue.record("reauthentication asked for a second factor")
            return
        }
        #expect(stub.requests("accounts:signInWithPassword").first?.json["idToken"] == nil)
        #expect(try await client.idTokenResult().authTime == Date(timeIntervalSince1970: 1_800_000_500))
    }

    @Test func reauthenticatingAsSomeoneElseIsRefusedAndKeepsTheSession() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        let otherToken = Fixtures.idToken(uid: "uid-2")
        stub.reply("accounts:signInWithPassword", Fixtures.tokens(uid: "uid-2", idToken: otherToken))

        let error = await #expect(throws: AuthError.self) {
            try await client.reauthenticate(with: .emailPassword(email: "bob@example.com", password: "pw-123456"))
        }
        #expect(error?.code == .userMismatch)
        #expect(client.state.withLock { $0.session?.idToken } == Fixtures.idToken())
    }

    /// A provider's identity proves the signed-in user only: it is sent with `autoCreate: false`, and an identity of
    /// no account (USER_NOT_FOUND) is a USER_MISMATCH, as the Firebase SDKs say.
    @Test func aProviderIdentityOfNoAccountIsAUserMismatch() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        stub.replyError("accounts:signInWithIdp", "USER_NOT_FOUND")
        let redirect = IdentityProviderRedirect(requestURI: "http://127.0.0.1:4000/?code=c&state=s", sessionID: "s-1")
        let error = await #expect(throws: AuthError.self) {
            try await client.reauthenticate(with: .identityProvider(IdentityProviderCredential(
                providerID: "google.com", redirect: redirect)))
        }
        #expect(error?.code == .userMismatch)
        let sent = stub.requests("accounts:signInWithIdp").first?.json
        #expect(sent?["autoCreate"] as? Bool == false)
        #expect(sent?["idToken"] == nil)
        #expect(client.state.withLock { $0.session?.idToken } == Fixtures.idToken())
    }

    @Test func phoneReauthenticationSaysSo() async throws {
        let stub = StubServer()
        stub.replySignIn("accounts:signInWithPhoneNumber")
        _ = try await stub.signedInClient().reauthenticate(with: .phone(verificationID: "S", code: "123456"))
        let request = try #require(stub.requests("accounts:signInWithPhoneNumber").first)
        #expect(request.string("operation") == "REAUTH")
        #expect(request.json["idToken"] == nil)
    }

    @Test func signInMethodsComeFromCreateAuthUri() async throws {
        let stub = StubServer()
        stub.reply("accounts:createAuthUri", #"{"registered":true,"signinMethods":["password","google.com"]}"#)
        let methods = try await stub.client().fetchSignInMethods(email: "ann@example.com")
        #expect(methods == ["password", "google.com"])
        let request = try #require(stub.requests.first)
        #expect(request.string("identifier") == "ann@example.com")
        #expect(request.string("continueUri") == "http://localhost")
    }

    @Test func profileChangesSendNamesAndRemovals() async throws {
        let stub = StubServer()
        let client = stub.signedInClient()
        stub.reply("accounts:update", #"{"localId":"uid-1"}"#)
        stub.reply("accounts:lookup", Fixtures.lookup(displayName: "Ann"))
        stub.reply("accounts:update", #"{"localId":"uid-1"}"#)
        stub.reply("accounts:lookup", Fixtures.lookup())

        let named = try await client.updateProfile(displayName: "Ann", photoURL: nil)
        let cleared = try await client.updateProfile(displayName: "", photoURL: "")

        let updates = stub.requests("accounts:update")
        #expect(updates[0].string("displayName") == "Ann")
        #expect(updates[0].json["deleteAttribute"] == nil)
        #expect(updates[1].json["displayName"] == nil)
        #expect(updates[1].json["deleteAttribute"] as? [String] == ["DISPLAY_NAME", "PHOTO_URL"])
        #expect(named.displayName == "Ann")
        #expect(cleared.displayName == nil)
        #expect(try await client.currentUser() == cleared)
    }

    @Test func deletingTheAccountEndsTheSession() async throws {
        let stub = StubServer()
        let store = MemorySessionStore()
        let client = stub.signedInClient(store: store)
        stub.reply("accounts:delete", "{}")
        try await client.deleteUser()
        #expect(stub.requests.first?.string("idToken") == Fixtures.idToken())
        #expect(try await client.currentUser() == nil)
        #expect(store.load() == nil)
    }

    @Test func idTokenResultReadsTheClaims() async throws {
        let token = Fixtures.idToken(provider: "google.com", authTime: 1_799_999_000, secondFactor: "totp")
        let result = try await StubServer().signedInClient(idToken: token).idTokenResult()
        let authTime = Date(timeIntervalSince1970: 1_799_999_000)
        #expect(result == IDTokenResult(signInProvider: "google.com", authTime: authTime, signInSecondFactor: .totp))
    }
}
