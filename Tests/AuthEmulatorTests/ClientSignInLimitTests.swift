import AuthEmulator
import Foundation
import HTTPServer
import Testing

@Suite("Failed password sign-ins are limited per remote client")
struct ClientSignInLimitTests {
    /// A sign-in with `password` for `email` from `client` (nil: loopback).
    private func signIn(_ emulator: Emulator, _ email: String, password: String = "wrong-password",
                        from client: String?) -> Reply {
        let body = Data(#"{"email":"\#(email)","password":"\#(password)"}"#.utf8)
        var request = HTTPRequest(method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
                                  query: ["key": "k"], headers: ["Content-Type": "application/json"], body: body)
        request.remoteAddress = client
        return emulator.send(request)
    }

    @Test("a remote address spraying many emails is refused after 100 failures; others and loopback are not")
    func sprayIsRefused() throws {
        let emulator = try Emulator(emailEnumerationProtection: true)
        _ = try emulator.signUp("ada@example.com", password: "secret1")
        for index in 0..<100 {
            #expect(signIn(emulator, "target\(index)@example.com", from: "192.0.2.7").errorCode
                == "INVALID_LOGIN_CREDENTIALS")
        }
        #expect(signIn(emulator, "ada@example.com", password: "secret1", from: "192.0.2.7").errorCode
            == "TOO_MANY_ATTEMPTS_TRY_LATER", "the sprayer's address is refused before hashing, right or wrong")
        #expect(signIn(emulator, "ada@example.com", password: "secret1", from: "192.0.2.8").status == 200)
        #expect(signIn(emulator, "ada@example.com", password: "secret1", from: nil).status == 200)
        emulator.clock.advance(by: 15 * 60 + 1)
        #expect(signIn(emulator, "ada@example.com", password: "secret1", from: "192.0.2.7").status == 200,
                "the address's failures age out with the window")
    }
}
