import Foundation
import Testing
import TestSupport

/// `fauth-tui --emulator` against `fauth-tui emulator`, both real processes on loopback.
@Suite(.serialized) struct EmulatorScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    @Test func signUpEmailLinkSignOutAndSignInOverREST() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("emulator.sqlite").path
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store \(store)", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description

        let command = "\(binary) --emulator \(address) --providers email,emailLink"
        let app = try TmuxSession(command: command, environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        try app.waitFor(" Tab ")
        try app.waitFor("Firebase emulator")
        try app.press("Tab", "Tab", "Tab", "Tab", "Enter", "BTab", "BTab", "BTab", "BTab")
        try app.submitSignUp(email: "eve@example.com", password: "secret-1")
        let signedUp = try app.waitFor("User ID: ")
        let uid = try #require(signedUp.firstMatch(of: /User ID: ([A-Za-z0-9]+)/)).1.description

        // Sign out, then sign in by email link read from the emulator's oobCodes.
        try app.press("Enter")
        try app.waitFor("Sign in with email link")
        try app.type("eve@example.com")
        try app.press("BTab", "BTab", "Enter")
        try app.waitFor("Send email sign-in link")
        try app.press("Enter")
        try app.waitFor("Sign-in email sent")
        try app.press("Enter", "F2")
        try app.waitFor("Your sign-in link")
        try app.press("Enter")
        try app.waitFor("User ID: \(uid)")

        // Sign out and back in with the password.
        try app.press("Enter")
        try app.waitFor("Trouble signing in?")
        try app.type("eve@example.com")
        try app.press("Tab")
        try app.type("secret-1")
        try app.press("Enter")
        try app.waitFor("User ID: \(uid)")
        try app.press("C-c")
        try app.waitFor("Signed in as eve@example.com")

        // The emulator shuts down cleanly on Ctrl-C (SIGINT).
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func recentLoginMaxAgeIsTheEmulatorsFlag() throws {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --recent-login-max-age 1", width: 160,
                                       height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        func post(_ operation: String, _ body: String) throws -> String {
            let url = "http://\(address)/identitytoolkit.googleapis.com/v1/accounts:\(operation)?key=k"
            return try spawnClean(["curl", "-sS", "--max-time", "10", "-H", "Content-Type: application/json",
                                   "-d", body, url]).output
        }
        let signUp = try post("signUp", #"{"email":"eve@example.com","password":"secret-1"}"#)
        let token = try #require(signUp.firstMatch(of: /"idToken" *: *"([^"]+)"/)).1.description
        // The sign-in must be more than a second old: real time has to pass for a real emulator.
        Thread.sleep(forTimeInterval: 2.1)
        #expect(try post("delete", #"{"idToken":"\#(token)"}"#).contains("CREDENTIAL_TOO_OLD_LOGIN_AGAIN"))
        let again = try post("signInWithPassword", #"{"email":"eve@example.com","password":"secret-1"}"#)
        let fresh = try #require(again.firstMatch(of: /"idToken" *: *"([^"]+)"/)).1.description
        #expect(!(try post("delete", #"{"idToken":"\#(fresh)"}"#).contains("error")))
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func theInboxNamesTheProjectItAskedFor() throws {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory: --project demo-x",
                                       width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let environment = ["LANG": "C.UTF-8"]

        let wrong = try spawnClean([binary, "inbox", "--emulator", address], environment: environment)
        #expect(wrong.status == 1)
        #expect(wrong.output.hasPrefix("The emulator at \(address) has no inbox for project demo-fauth-tui ("))
        #expect(wrong.output.contains("this emulator serves project demo-x"))
        #expect(wrong.output.hasSuffix("If it serves another project, name it with --project.\n"))
        #expect(!wrong.output.contains("INTERNAL_ERROR"))

        let right = try spawnClean([binary, "inbox", "--emulator", address, "--project", "demo-x"],
                                   environment: environment)
        #expect(right.status == 0 && right.output.isEmpty)
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func theAppSaysSoWhenTheEmulatorIsNotThere() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A port nothing listens on: every call is refused.
        let app = try TmuxSession(command: "\(binary) --emulator 127.0.0.1:9", environment: ["LANG": "C.UTF-8",
                                                                                        "HOME": directory.path])
        try app.waitFor(" Tab ")
        try app.type("eve@example.com")
        try app.press("Tab")
        try app.type("secret-1")
        try app.press("Enter")
        try app.waitFor("Couldn't reach the server")
        try app.press("Enter")
        let form = try app.waitFor("[eve@example.com")
        #expect(form.contains("[••••••••"), "what was typed is kept")
    }
}
