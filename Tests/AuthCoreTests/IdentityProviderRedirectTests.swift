import AuthCore
import Testing

@Suite struct IdentityProviderRedirectTests {
    @Test("an address the browser came back to is read against the sign-in's state", arguments: [
        ("http://127.0.0.1:4000/?code=c&state=s-1", IdentityProviderRedirect.Reading.answered),
        ("  http://127.0.0.1:4000/?state=s-1&code=c  \n", .answered),
        ("http://localhost:4000/callback?code=c%2Bx&state=s-1&scope=email", .answered),
        ("http://127.0.0.1:4000/?error=access_denied&state=s-1", .refused),
        ("http://127.0.0.1:4000/?code=c&state=s-2", .foreign),
        ("http://127.0.0.1:4000/?code=c&state=s-10", .foreign),
        ("http://127.0.0.1:4000/?code=c", .foreign),
        ("http://127.0.0.1:4000/?state=s-1", .foreign),
        ("http://127.0.0.1:4000/", .notAnAddress),
        ("c-1", .notAnAddress),
        ("javascript:alert(1)?state=s-1&code=c", .notAnAddress),
        ("", .notAnAddress),
    ])
    func reading(address: String, expected: IdentityProviderRedirect.Reading) {
        #expect(IdentityProviderRedirect.read(address, expectedState: "s-1") == expected)
    }

    @Test func anEmptyExpectedStateMatchesNothing() {
        #expect(IdentityProviderRedirect.read("http://127.0.0.1:4000/?code=c&state=", expectedState: "") == .foreign)
    }

    @Test func theStateToExpectComesFromTheAuthorizationAddress() {
        let uri = AuthURI(authURI: "https://accounts.example.com/o/oauth2/auth?client_id=x&state=AbC-123_&redirect_uri=http%3A%2F%2F127.0.0.1",
                          sessionID: "s")
        #expect(uri.state == "AbC-123_")
        #expect(AuthURI(authURI: "https://accounts.example.com/o/oauth2/auth?client_id=x", sessionID: "s").state == nil)
    }
}
