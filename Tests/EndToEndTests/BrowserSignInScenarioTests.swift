import Foundation
import Testing
import TestSupport

/// "Sign in with Google" against `fauth-tui emulator`, curl playing the browser: the same path as a live project.
@Suite(.serialized) struct BrowserSignInScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    /// The emulator and the app signed out on its Google button, showing the address to open.
    private func handOff(directory: URL) throws -> (emulator: TmuxSession, app: TmuxSession, authURI: String) {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory:", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let command = "\(binary) --emulator \(address) --providers google --store :memory:"
        let app = try TmuxSession(command: command, width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path, "DISPLAY": ""])
        try app.waitFor("Sign in with Google")
        try app.press("Enter")
        let screen = try app.waitFor("Waiting for the browser")
        return (emulator, app, try authorizationAddress(on: screen, emulator: address))
    }

    /// The address drawn on the screen: its rows from `http://<emulator>/` to the first blank row, joined.
    private func authorizationAddress(on screen: String, emulator: String) throws -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(rows.firstIndex { $0.hasPrefix("http://\(emulator)/") }, "no address on\n\(screen)")
        return rows[first...].prefix { !$0.isEmpty }.joined()
    }

    /// What a browser does on the emulator's page: load it, choose an identity; returns where it is sent back.
    private func chooseIdentity(at authURI: String, email: String) throws -> String {
        let page = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", authURI])
        #expect(page.output.contains("Sign in with Google") && page.output.contains("name=\"email\""))
        let components = try #require(URLComponents(string: authURI))
        let state = try #require(components.queryItems?.first { $0.name == "state" }?.value)
        var form = components
        form.query = nil
        let back = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-o", "/dev/null", "-w", "%{redirect_url}",
                                   "--data-urlencode", "state=\(state)", "--data-urlencode", "email=\(email)",
                                   "--data-urlencode", "displayName=Ada", "-d", "emailVerified=true",
                                   try #require(form.string)])
        #expect(back.output.hasPrefix("http://127.0.0.1:"), "the page sends the browser back: \(back.output)")
        return back.output
    }

    /// The HTTP status curl gets for `address`; "000" when nothing listens.
    private func status(of address: String) throws -> String {
        try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "5", "-o", "/dev/null", "-w", "%{http_code}", address]).output
    }

    @Test func theBrowserComesBackToTheLoopbackListener() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, app, authURI) = try handOff(directory: directory)
        let returned = try chooseIdentity(at: authURI, email: "ada@example.com")
        let closing = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", returned])
        #expect(closing.output.contains("You can close this tab"))
        try app.waitFor("Signed in!")
        try app.waitFor("ada@example.com")
        // The listener caught one answer and closed.
        #expect(try status(of: returned) == "000")
        try app.press("C-c")
        try app.waitFor("Signed in as ada@example.com")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func theAddressIsPastedWhenTheBrowserIsElsewhere() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, app, authURI) = try handOff(directory: directory)
        #expect(!(try app.screen()).contains("Open browser"), "no display, no browser to open")
        let returned = try chooseIdentity(at: authURI, email: "bob@example.com")
        try app.paste(returned.replacingOccurrences(of: "state=", with: "state=x"))
        try app.press("Enter")
        try app.waitFor("Paste the whole address from this sign-in")
        try app.press("C-u")
        try app.paste(returned)
        try app.press("Enter")
        try app.waitFor("Signed in!")
        try app.waitFor("bob@example.com")
        // Pasting closed the listener: the browser's own return would find nobody.
        #expect(try status(of: returned) == "000")
        try app.press("C-c")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func escStopsListening() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, app, authURI) = try handOff(directory: directory)
        let returned = try chooseIdentity(at: authURI, email: "eve@example.com")
        var base = try #require(URLComponents(string: returned))
        base.query = nil
        base.path = "/favicon.ico"
        let listening = try #require(base.string)
        #expect(try status(of: listening) == "404", "the listener answers while waiting")
        try app.press("Escape")
        try app.waitFor("Sign in with Google")
        let deadline = Date().addingTimeInterval(10)
        var answer = ""
        repeat {
            answer = try status(of: listening)
        } while answer != "000" && Date() < deadline
        #expect(answer == "000", "nothing listens after Esc")
        try app.press("C-c")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }
}
