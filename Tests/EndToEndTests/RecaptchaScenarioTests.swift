import Foundation
import Testing
import TestSupport

/// Issue 29: `fauth-tui emulator --require-recaptcha` demands a reCAPTCHA before it texts a code, as a live project
/// that requires app verification; curl plays the browser on the listener's page and the emulator's stand-in.
@Suite(.serialized) struct RecaptchaScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    /// `fauth-tui emulator --require-recaptcha` and its address.
    static func demandingEmulator(_ binary: String) throws -> (session: TmuxSession, address: String) {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory: --require-recaptcha",
                                       width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        return (emulator, try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description)
    }

    /// What a browser does with the reCAPTCHA screen's address: the listener's page sends it to the emulator's
    /// stand-in challenge, the box is ticked, and the answer goes back to the listener.
    static func solveRecaptcha(shownBy app: TmuxSession) throws {
        // The field's label comes after the address in a frame: the address is then drawn whole (at 80x24 with
        // "Copy address" the line under the form is below the fold).
        let screen = try app.waitFor("Address from the browser")
        #expect(screen.contains("Verify you're not a robot"))
        // A screen taller than the terminal has its scroll bar (▲, ┃, ▼) in the column after the address.
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "▲┃▼"))) }
        let first = try #require(rows.firstIndex { $0.hasPrefix("http://127.0.0.1:") && $0.contains("/recaptcha") },
                                 "no page address on\n\(screen)")
        let page = rows[first...].prefix { !$0.isEmpty && !$0.contains(" ") }.joined()
        let curl = ["curl", "--noproxy", "*", "-s", "-m", "10"]
        let standIn = try spawnClean(curl + ["-o", "/dev/null", "-w", "%{redirect_url}", page]).output
        let challenge = try #require(URLComponents(string: standIn), "the page sends the browser on: \(standIn)")
        #expect(challenge.path == "/emulator/auth/recaptcha")
        #expect(try spawnClean(curl + [standIn]).output.contains("name=\"notARobot\""))
        let field = { (name: String) in challenge.queryItems?.first { $0.name == name }?.value ?? "" }
        var form = challenge
        form.query = nil
        let back = try spawnClean(curl + ["-o", "/dev/null", "-w", "%{redirect_url}",
                                          "--data-urlencode", "continueUri=\(field("continueUri"))",
                                          "--data-urlencode", "state=\(field("state"))", "-d", "notARobot=true",
                                          try #require(form.string)]).output
        #expect(back.hasPrefix("http://127.0.0.1:") && back.contains("recaptchaToken="), "\(back)")
        #expect(try spawnClean(curl + [back]).output.contains("received the reCAPTCHA answer"))
    }

    @Test func phoneSignInSolvesTheRecaptchaInTheBrowserThenTextsTheCode() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, address) = try Self.demandingEmulator(binary)
        let app = try TmuxSession(command: "\(binary) --emulator \(address) --providers phone --store :memory:",
                                  width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path, "DISPLAY": ""])
        try app.waitFor("Sign in with phone")
        try app.press("Enter")
        try app.waitFor("Enter phone number")
        try app.type("(650) 555-0100")
        try app.press("Enter")
        try Self.solveRecaptcha(shownBy: app)
        try app.waitFor("We sent a code to +16505550100")
        try app.press("F2")
        try app.waitFor("Press Enter to use the link or code")
        try app.press("Enter")
        try app.waitFor("Signed in!")
        try app.press("C-c")
        try app.waitFor("Signed in as +16505550100")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }
}
