import Foundation
import Testing
import TestSupport

/// Issue 29: a project that enforces reCAPTCHA Enterprise for email and password (set on `fauth-tui emulator` as the
/// console sets it, through `recaptchaConfig` in the project's configuration) has a password sign-in go through the
/// browser hand-off; curl plays the browser on the listener's page and the emulator's stand-in.
@Suite(.serialized) struct RecaptchaEnterpriseScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    @Test func passwordSignInUnderEnterpriseEnforcementGoesThroughTheBrowser() async throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory:", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        _ = try await MFAScenarioTests.createVerifiedAccount(at: address, email: "ann@example.com", password: "secret-1")
        let enforce = #"{"recaptchaConfig":{"emailPasswordEnforcementState":"ENFORCE"}}"#
        let patched = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-o", "/dev/null", "-w", "%{http_code}",
                                      "-X", "PATCH", "-H", "Content-Type: application/json", "-d", enforce,
                                      "http://\(address)/emulator/v1/projects/demo-fauth-tui/config"])
        #expect(patched.output == "200")

        let app = try TmuxSession(command: "\(binary) --emulator \(address) --store :memory:", width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path, "DISPLAY": ""])
        try app.waitFor("Trouble signing in?")
        try app.submitSignIn(email: "ann@example.com", password: "secret-1")
        try app.waitFor("reCAPTCHA before it accepts a")
        try RecaptchaScenarioTests.solveRecaptcha(shownBy: app)
        try app.waitFor("Signed in!")
        try app.press("C-c")
        try app.waitFor("Signed in as ann@example.com")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }
}
