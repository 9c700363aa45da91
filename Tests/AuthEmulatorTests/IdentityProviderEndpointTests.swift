import AuthEmulator
import Foundation
import Testing
import TestSupport

@Suite("signInWithIdp: JSON and JWT id_tokens, linking and collisions")
struct IdentityProviderEndpointTests {
    /// A `signInWithIdp` call with the usual fields.
    private func idp(_ emulator: Emulator, _ postBody: String, idToken: String? = nil,
                     returnIdpCredential: Bool = true) -> Reply {
        var body: [String: Any] = ["requestUri": "http://localhost", "postBody": postBody,
                                   "returnSecureToken": true, "returnIdpCredential": returnIdpCredential]
        if let idToken { body["idToken"] = idToken }
        return emulator.call("signInWithIdp", body)
    }

    @Test("a JSON id_token signs up a new user from its claims, then signs in to it")
    func jsonIdToken() throws {
        let emulator = try Emulator()
        let first = idp(emulator, try idpPostBody())
        #expect(first.status == 200)
        #expect(first.bool("isNewUser") == true)
        #expect(first.string("providerId") == "google.com")
        #expect(first.string("federatedId") == "https://accounts.google.com/g-1")
        #expect(first.string("email") == "ada@example.com")
        #expect(first.bool("emailVerified") == true)
        #expect(first.string("displayName") == "Ada Lovelace")
        #expect(first.string("rawUserInfo")?.contains("\"id\":\"g-1\"") == true)
        let claims = try jwtClaims(try #require(first.string("idToken")))
        #expect(claims["firebase"]?["sign_in_provider"]?.stringValue == "google.com")
        #expect(claims["firebase"]?["identities"]?["google.com"] == .array([.string("g-1")]))
        let again = idp(emulator, try idpPostBody())
        #expect(again.bool("isNewUser") == nil)  // Firebase names only new users
        #expect(again.string("localId") == first.string("localId"))
        let againToken = try #require(again.string("idToken"))
        let info = try #require(emulator.user(againToken))
        #expect(info["providerUserInfo"] == .array([.object([
            "providerId": .string("google.com"), "rawId": .string("g-1"), "federatedId": .string("g-1"),
            "email": .string("ada@example.com"), "displayName": .string("Ada Lovelace"),
        ])]))
    }

    @Test("a JWT id_token's payload is read (its signature is not: there is no real provider)")
    func jwtIdToken() throws {
        let emulator = try Emulator()
        let token = try unsignedJWT(["sub": "gh-7", "email": "bob@example.com", "email_verified": false])
        let reply = idp(emulator, "providerId=github.com&id_token=\(token)")
        #expect(reply.status == 200)
        #expect(reply.string("federatedId") == "gh-7")
        #expect(reply.bool("emailVerified") == false)
        #expect(reply.string("oauthIdToken") == token)
    }

    @Test("an unverified IdP email of an existing account needs confirmation: 200, no tokens")
    func needConfirmation() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp()
        let reply = idp(emulator, try idpPostBody(verified: false))
        #expect(reply.status == 200)
        #expect(reply.bool("needConfirmation") == true)
        #expect(reply.string("localId") == uid)
        #expect(reply.array("verifiedProvider").isEmpty)
        #expect(reply.string("idToken") == nil && reply.string("refreshToken") == nil)
        #expect(reply.string("oauthIdToken") != nil)
    }

    @Test("a verified IdP email takes over an account whose email is unverified; its password stops working")
    func takeOver() throws {
        let emulator = try Emulator()
        let (uid, idToken, _) = try emulator.signUp()
        emulator.clock.advance(by: 5)
        let reply = idp(emulator, try idpPostBody(verified: true))
        #expect(reply.status == 200)
        #expect(reply.string("localId") == uid)
        #expect(reply.bool("isNewUser") == nil)  // Firebase names only new users
        #expect(emulator.call("signInWithPassword", ["email": "ada@example.com", "password": "secret1"]).errorCode
            == "INVALID_PASSWORD")
        #expect(emulator.call("lookup", ["idToken": idToken]).errorCode == "TOKEN_EXPIRED")
    }

    @Test("with idToken the identity is linked to that user")
    func link() throws {
        let emulator = try Emulator()
        let ada = try emulator.signUp()
        let reply = idp(emulator, try idpPostBody(), idToken: ada.idToken)
        #expect(reply.status == 200)
        #expect(reply.string("localId") == ada.uid)
        let providers = emulator.user(ada.idToken)?["providerUserInfo"]
        #expect(providers.map { if case .array(let list) = $0 { list.count } else { 0 } } == 2)
    }

    @Test("linking an identity of another user: 400, or 200 with errorMessage and the credential",
          arguments: [false, true])
    func federatedIdAlreadyLinked(returnCredential: Bool) throws {
        let emulator = try Emulator()
        _ = idp(emulator, try idpPostBody(email: "owner@example.com"))
        let bob = try emulator.signUp("bob@example.com")
        let reply = idp(emulator, try idpPostBody(email: "owner@example.com"), idToken: bob.idToken,
                        returnIdpCredential: returnCredential)
        if returnCredential {
            #expect(reply.status == 200)
            #expect(reply.string("errorMessage") == "FEDERATED_USER_ID_ALREADY_LINKED")
            #expect(reply.string("oauthIdToken") != nil && reply.string("idToken") == nil)
            #expect(reply.string("localId") == nil)
        } else {
            #expect(reply.errorCode == "FEDERATED_USER_ID_ALREADY_LINKED")
        }
    }

    @Test("linking an identity whose email is another user's: 400 EMAIL_EXISTS, or 200 with errorMessage",
          arguments: [false, true])
    func emailExists(returnCredential: Bool) throws {
        let emulator = try Emulator()
        _ = try emulator.signUp("ada@example.com")
        let bob = try emulator.signUp("bob@example.com")
        let reply = idp(emulator, try idpPostBody(email: "ada@example.com"), idToken: bob.idToken,
                        returnIdpCredential: returnCredential)
        if returnCredential {
            #expect(reply.status == 200)
            #expect(reply.string("errorMessage") == "EMAIL_EXISTS")
            #expect(reply.string("email") == "ada@example.com")
        } else {
            #expect(reply.errorCode == "EMAIL_EXISTS")
        }
    }

    @Test("malformed assertions", arguments: [
        ("id_token=%7B%22sub%22%3A%22x%22%7D", "INVALID_CREDENTIAL_OR_PROVIDER_ID"),
        ("providerId=google.com", "NOT_IMPLEMENTED"),
        ("providerId=google.com&access_token=opaque", "NOT_IMPLEMENTED"),
        ("providerId=saml.corp&id_token=%7B%22sub%22%3A%22x%22%7D&SAMLResponse=%3Cxml%3E", "INVALID_IDP_RESPONSE"),
        ("providerId=google.com&id_token=%7B%22sub%22%3A7%7D", "INVALID_IDP_RESPONSE"),
        ("providerId=google.com&id_token=not-a-token", "INVALID_IDP_RESPONSE"),
        ("providerId=google.com&id_token=%7B%22email%22%3A%22a%40b.co%22%7D", "INVALID_IDP_RESPONSE"),
        ("providerId=password&id_token=%7B%22sub%22%3A%22x%22%7D", "INVALID_PROVIDER_ID"),
    ])
    func malformed(postBody: String, code: String) throws {
        let emulator = try Emulator()
        #expect(idp(emulator, postBody).errorCode == code)
    }

    @Test("parameters come from requestUri's query, overridden by postBody's, then by the fragment's")
    func requestURIParameters() throws {
        let emulator = try Emulator()
        let claims = "%7B%22sub%22%3A%22f-1%22%7D"
        let reply = emulator.call("signInWithIdp", [
            "requestUri": "http://localhost/done?providerId=github.com&id_token=x#providerId=facebook.com",
            "postBody": "providerId=twitter.com&id_token=\(claims)", "returnSecureToken": true,
        ])
        #expect(reply.status == 200)
        #expect(reply.string("providerId") == "facebook.com")
        #expect(reply.string("federatedId") == "f-1")
        #expect(reply.string("oauthAccessToken") == "FirebaseAuthEmulatorFakeAccessToken_facebook.com")
        #expect(emulator.call("signInWithIdp", ["requestUri": "no scheme", "postBody": try idpPostBody()])
            .errorCode == "INVALID_REQUEST_URI")
    }

    @Test("requestUri is required")
    func missingRequestURI() throws {
        let emulator = try Emulator()
        #expect(emulator.call("signInWithIdp", ["postBody": try idpPostBody()]).errorCode == "MISSING_REQUEST_URI")
    }

    @Test("addresses with invisible characters are refused on every path", arguments: [
        "a\u{85}b@example.com", "a\u{200B}@example.com", "\u{202E}ada@example.com", "ada@exa\u{2028}mple.com",
        "ada@example.com\u{FEFF}",
    ])
    func invisibleCharacters(email: String) throws {
        let emulator = try Emulator()
        #expect(emulator.call("signUp", ["email": email, "password": "secret1"]).errorCode == "INVALID_EMAIL")
        #expect(idp(emulator, try idpPostBody(email: email)).errorCode == "INVALID_EMAIL")
        let created = emulator.admin("POST", projectPath("/accounts"), ["email": email])
        #expect(created.errorCode == "INVALID_EMAIL")
        #expect(emulator.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": email,
                                              "continueUrl": "https://example.com"]).errorCode == "INVALID_EMAIL")
    }
}
