import Foundation
import Testing
import TestSupport

/// `fauth-tui status`, `whoami`, `token` and `signout` on the session the interface left behind (the emulator's
/// side is in `EmulatorScenarioTests`).
@Suite(.serialized) struct SessionCommandTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")
    private let english = ["LANG": "C.UTF-8"]

    @Test func statusWhoamiAndSignOutOnTheLocalBackend() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        let nobody = try spawnClean([binary, "status", "--store", store], environment: english)
        #expect(nobody.status == 1 && nobody.output == "Nobody is signed in.\n")

        let app = try scenario.startApp(in: directory, extraArguments: "--providers anonymous")
        try app.waitFor("Continue as guest")
        try app.press("Enter")
        try app.waitFor("You're using a guest account")
        try app.press("C-c")
        let screen = try app.waitFor("Signed in as a guest")
        let uid = try #require(screen.firstMatch(of: /user ID ([A-Za-z0-9]+)/)).1.description

        let status = try spawnClean([binary, "status", "--store", store], environment: english)
        #expect(status.status == 0)
        #expect(status.output.hasPrefix("Signed in as a guest (user ID \(uid))\nUser ID: \(uid)\n"
                + "Backend: local: \(store)\nSecond factors: none\nID token valid until "))
        let json = try spawnClean([binary, "whoami", "--json", "--store", store], environment: english)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["signedIn"] as? Bool == true && object["uid"] as? String == uid)
        #expect(object["isAnonymous"] as? Bool == true && object["signInProvider"] as? String == "anonymous")
        #expect(object["backend"] as? [String: String] == ["kind": "local", "path": store])
        #expect((object["secondFactors"] as? [Any])?.isEmpty == true)

        // The local backend's ID token, the same for every process until it is near expiry (issue 29).
        let token = try spawnClean([binary, "token", "--store", store], environment: english)
        #expect(token.status == 0)
        let parts = token.output.trimmingCharacters(in: .newlines).split(separator: ".")
        try #require(parts.count == 3)
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let payloadData = try #require(Data(base64Encoded: payload))
        let claims = try #require(try JSONSerialization.jsonObject(with: payloadData) as? [String: Any])
        #expect(claims["sub"] as? String == uid && claims["aud"] as? String == "demo-fauth-tui")
        let expiry = try #require(claims["exp"] as? Int)
        #expect(object["tokenExpiresAt"] as? String
                == Date(timeIntervalSince1970: TimeInterval(expiry)).ISO8601Format())
        #expect(try spawnClean([binary, "token", "--store", store], environment: english).output == token.output)

        let signOut = try spawnClean([binary, "signout", "--store", store], environment: english)
        #expect(signOut.status == 0 && signOut.output == "Signed out.\n")
        let after = try spawnClean([binary, "status", "--json", "--store", store], environment: english)
        #expect(after.status == 1 && after.output == "{\"signedIn\":false}\n")
        let noToken = try spawnClean([binary, "token", "--store", store], environment: english)
        #expect(noToken.status == 1 && noToken.output == "Nobody is signed in.\n")
    }
}
