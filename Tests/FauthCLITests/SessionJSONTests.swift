import AuthCore
import Foundation
import Testing
@testable import FauthCLI

@Suite("The JSON `--json` and `status --json` print")
struct SessionJSONTests {
    @Test("a display name's C1 controls and bidi overrides are \\u escapes; the value reads back unchanged")
    func terminalControlsAreEscaped() throws {
        let name = "Ann\u{9B}31m\u{202E}moc.live\u{2069}\u{7F}"
        let user = User(uid: "u1", email: "ann@example.com", displayName: name, providerIDs: ["password"])
        let line = SessionJSON.encode(SessionJSON.user(user))
        #expect(line.contains(#""displayName":"Ann\u009b31m\u202emoc.live\u2069\u007f""#))
        #expect(!line.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["displayName"] as? String == name)
    }

    @Test("other text, right-to-left letters and emoji stay as they are")
    func ordinaryTextIsUnchanged() {
        let user = User(uid: "u1", email: "ann@example.com", displayName: "אנה 閉じる 😀 é", providerIDs: [])
        #expect(SessionJSON.encode(SessionJSON.user(user)).contains(#""displayName":"אנה 閉じる 😀 é""#))
    }
}
