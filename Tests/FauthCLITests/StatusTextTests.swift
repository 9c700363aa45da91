import AuthCore
import FauthTUI
import Foundation
import Localization
import Testing
@testable import FauthCLI

/// `fauth-tui status` in words: the interface's names for sign-in methods, the display name, and no bidi isolates
/// in what goes to a pipe.
@Suite struct StatusTextTests {
    private let ada = User(uid: "u1", email: "ada@example.com", displayName: "Ada Lovelace", isEmailVerified: true,
                           providerIDs: ["password", "google.com"])

    private func lines(_ user: User, provider: String, language: String = "en") -> [String] {
        SessionCommands.textStatus(user, token: IDTokenResult(signInProvider: provider, authTime: Date()), factors: [],
                                   backend: "local: x.sqlite", strings: .builtIn(language: language))
            .split(separator: "\n").map(String.init)
    }

    @Test func namesTheSignInMethodAsTheInterfaceDoes() {
        #expect(lines(ada, provider: "google.com").contains("Signed in with: Google"))
        #expect(lines(ada, provider: "password").contains("Signed in with: Password"))
        #expect(lines(ada, provider: "google.com").contains("Sign-in methods: Password, Google"))
    }

    @Test func showsTheDisplayName() {
        #expect(lines(ada, provider: "password").contains("Display name: Ada Lovelace"))
        let nameless = User(uid: "u2", email: "bo@example.com", providerIDs: ["password"])
        #expect(!lines(nameless, provider: "password").contains { $0.hasPrefix("Display name") })
    }

    @Test func aGuestIsNotSaidToHaveSignedInWithAnonymous() {
        let guest = User(uid: "g1", isAnonymous: true)
        #expect(!lines(guest, provider: "anonymous").contains { $0.contains("anonymous") })
    }

    @Test func textForAPipeCarriesNoIsolates() throws {
        let arabic = Strings.builtIn(language: "ar")
        let text = arabic.format(.signedInAs, .string("ada@example.com"))
        #expect(text.unicodeScalars.contains("\u{2068}"))
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let prepared = Console(strings: arabic, environment: [:]).prepared(text, for: ends[1])
        #expect(!prepared.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
        #expect(prepared.contains("ada@example.com"))
    }
}
