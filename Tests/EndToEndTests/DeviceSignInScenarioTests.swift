import Foundation
import Testing
import TestSupport

/// "Sign in with GitHub" by device code against `fauth-tui emulator`, a fake provider on loopback approving the
/// code: the same path as a live project with a real provider.
@Suite(.serialized) struct DeviceSignInScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    private static let grant = #"""
        {"device_code":"DEV","user_code":"WDJB-MJHT","verification_uri":"https://github.com/login/device",
         "expires_in":600,"interval":1}
        """#

    /// The emulator and the app (in plain mode when `plain`) signed out on GitHub's button (a device client at
    /// `provider`), showing the code.
    private func codeShown(_ provider: FakeDeviceAuthorizationServer, directory: URL,
                           plain: Bool = false) throws -> (emulator: TmuxSession, app: TmuxSession) {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory:", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let configuration = directory.appendingPathComponent("config.json")
        try Data(#"""
            {"providers": [{"id": "github", "deviceClientId": "Iv1.device",
              "deviceAuthorizationEndpoint": "\#(provider.baseURL)/device/code",
              "deviceTokenEndpoint": "\#(provider.baseURL)/token"}]}
            """#.utf8).write(to: configuration)
        let command = "\(binary) --emulator \(address) --config \(configuration.path) --store :memory:"
            + (plain ? " --plain" : "")
        let app = try TmuxSession(command: command, width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path, "DISPLAY": ""])
        let picker = try app.waitFor("Sign in with GitHub")
        if plain {
            let choice = try #require(picker.firstMatch(of: /([0-9]+)\) Sign in with GitHub/)).1
            try app.press(String(choice), "Enter")
        } else {
            try app.press("Enter")
        }
        try app.waitFor("W D J B - M J H T")
        try app.waitFor("https://github.com/login/device")
        try app.waitFor("The code expires in")
        return (emulator, app)
    }

    @Test func theApprovedCodeSignsInWithTheProvidersIdentity() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let claims = #"{\"sub\":\"gh-7\",\"email\":\"octo@example.com\",\"name\":\"Octo\"}"#
        let provider = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [
            .error("authorization_pending"), .error("authorization_pending"),
            .tokens(#"{"access_token":"\#(claims)","token_type":"bearer"}"#),
        ])
        let (emulator, app) = try codeShown(provider, directory: directory)
        try app.waitFor("Signed in!", timeout: 20)
        try app.waitFor("octo@example.com")
        #expect(provider.requests.filter { $0.path == "/token" }.count == 3)
        try app.press("C-c")
        try app.waitFor("Signed in as octo@example.com")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func plainModeGoesOnByItselfOnceTheCodeIsApproved() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let claims = #"{\"sub\":\"gh-8\",\"email\":\"plain@example.com\"}"#
        let provider = try FakeDeviceAuthorizationServer(grant: Self.grant, replies: [
            .error("authorization_pending"), .tokens(#"{"access_token":"\#(claims)","token_type":"bearer"}"#),
        ])
        let (emulator, app) = try codeShown(provider, directory: directory, plain: true)
        // Nothing is typed after choosing GitHub: the approval alone moves the screen on.
        try app.waitFor("plain@example.com", timeout: 20)
        try app.press("C-c")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func escStopsPolling() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = try FakeDeviceAuthorizationServer(
            grant: Self.grant, replies: Array(repeating: .error("authorization_pending"), count: 100))
        let (emulator, app) = try codeShown(provider, directory: directory)
        try app.press("Escape")
        try app.waitFor("Sign in with GitHub ]")
        let polls = provider.requests.count
        // Three intervals later at most the poll already under way has arrived.
        Thread.sleep(forTimeInterval: 3)
        #expect(provider.requests.count <= polls + 1)
        try app.press("C-c")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }
}
