import Testing
import AuthCore

@Suite struct OobCodeTests {
    @Test func theCodeComesFromTheLinkOrItsWrapper() {
        #expect(OobCode.extract(from: " https://a.test/__/auth/action?mode=signIn&oobCode=C0DE ") == "C0DE")
        #expect(OobCode.extract(from: "https://a.test/?link=https%3A%2F%2Fb.test%2F%3FoobCode%3DIN") == "IN")
        #expect(OobCode.extract(from: "C0DE") == "C0DE")
    }

    @Test(arguments: [
        ("https://a.test/__/auth/action?mode=signIn&oobCode=C0DE", true),
        ("  http://127.0.0.1:9099/emulator/action?oobCode=X&apiKey=k\n", true),
        ("https://a.test/?link=https%3A%2F%2Fb.test%2F%3FoobCode%3DIN", true),
        ("ann@example.com", false),
        ("https://a.test/?mode=signIn", false),
        ("mailto:ann@example.com?oobCode=X", false),
        ("C0DE", false),
    ])
    func anActionLinkIsAWebAddressWithACode(text: String, isLink: Bool) {
        #expect(OobCode.isActionLink(text) == isLink)
    }
}
