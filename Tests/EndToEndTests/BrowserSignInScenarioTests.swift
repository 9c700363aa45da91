import Foundation
import Testing
import TestSupport

/// "Sign in with Google" against `fauth-tui emulator`, curl playing the browser: the same path as a live project.
@Suite(.serialized) struct BrowserSignInScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    /// The emulator (given `emulatorOptions`) and the app (in plain mode when `plain`) signed out on its Google
    /// button, showing the address to open.
    private func handOff(directory: URL, plain: Bool = false, providers: String = "google", emulatorOptions: String = "")
        throws -> (emulator: TmuxSession, app: TmuxSession, authURI: String) {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory: \(emulatorOptions)",
                                       width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let command = "\(binary) --emulator \(address) --providers \(providers) --store :memory:" + (plain ? " --plain" : "")
        let app = try TmuxSession(command: command, width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path, "DISPLAY": ""])
        try app.waitFor("Sign in with Google")
        try app.press(plain ? "1" : "Enter")
        if plain { try app.press("Enter") }
        let screen = try app.waitFor("Waiting for the browser")
        return (emulator, app, try authorizationAddress(on: screen, emulator: address))
    }

    /// The address drawn on the screen: its rows from `http://<emulator>/` to the first row that is blank or
    /// has a space (an address has none), joined.
    private func authorizationAddress(on screen: String, emulator: String) throws -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(rows.firstIndex { $0.hasPrefix("http://\(emulator)/") }, "no address on\n\(screen)")
        return rows[first...].prefix { !$0.isEmpty && !$0.contains(" ") }.joined()
    }

    /// What a browser does on the emulator's page: load it, choose an identity; returns where it is sent back.
    private func chooseIdentity(at authURI: String, email: String, provider: String = "Google") throws -> String {
        let page = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", authURI])
        #expect(page.output.contains("Sign in with \(provider)") && page.output.contains("name=\"email\""))
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

    /// The browser signs in as `email` at the address the waiting screen shows, and comes back to the listener.
    private func browserSignsIn(_ app: TmuxSession, as email: String, provider: String = "Google") throws {
        let screen = try app.waitFor("Waiting for the browser")
        let emulator = try #require(screen.firstMatch(of: /http:\/\/(127\.0\.0\.1:[0-9]+)\/emulator/)).1.description
        let returned = try chooseIdentity(at: try authorizationAddress(on: screen, emulator: emulator), email: email,
                                          provider: provider)
        _ = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", returned])
    }

    /// Moves the focus with `key` until `control` (a button's caption) is focused.
    private func focus(_ control: String, in app: TmuxSession, with key: String = "Tab") throws {
        for _ in 0..<12 where !(try app.screen()).contains("› [ \(control) ]") {
            try app.press(key)
            usleep(100_000)
        }
        try app.waitFor("› [ \(control) ]")
    }

    /// Issue 33: without libmicrohttpd (an empty stand-in named like it comes first on LD_LIBRARY_PATH) the Google
    /// button names the missing library and its package, instead of "Couldn't reach the server".
    @Test func withoutLibmicrohttpdTheButtonNamesTheMissingLibrary() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stub = try spawnClean(["cc", "-shared", "-o", directory.appendingPathComponent("libmicrohttpd.so.12").path,
                                   "-x", "c", "/dev/null"],
                                  environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        try #require(stub.status == 0, "\(stub.output)")
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory:", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let app = try TmuxSession(command: "\(binary) --emulator \(address) --providers google --store :memory:",
                                  width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path, "DISPLAY": "",
                                                "LD_LIBRARY_PATH": directory.path])
        try app.waitFor("Sign in with Google")
        try app.press("Enter")
        let words = try app.waitFor("cannot be").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("libmicrohttpd.so.12 cannot be loaded"), "\(words)")
        #expect(words.contains("sudo apt-get install libmicrohttpd12"), "\(words)")
        #expect(!words.contains("Couldn't reach the server"), "\(words)")
        try app.press("C-c")
        try emulator.press("C-c")
    }

    /// Issue 29: a Google account whose sign-in is older than the recent-login limit is asked to sign in with Google
    /// again, in the browser (not the simulated sheet), and is then deleted.
    @Test func anOldGoogleSignInIsProvenAgainInTheBrowserThenTheAccountIsDeleted() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, app, _) = try handOff(directory: directory, emulatorOptions: "--recent-login-max-age 1")
        try browserSignsIn(app, as: "ada@example.com")
        try app.waitFor("Signed in!")
        sleep(2)
        try focus("Delete account", in: app, with: "BTab")
        try app.press("Enter")
        try app.waitFor("Delete account?")
        try app.press("Tab", "Enter")
        try app.waitFor("For security, sign in again with Google.")
        try app.press("Enter")
        #expect(!(try app.waitFor("Waiting for the browser")).contains("(simulated)"))
        try browserSignsIn(app, as: "ada@example.com")
        try app.waitFor("Your account and its data were permanently deleted.")
        try app.press("C-c")
        try app.waitFor("EXIT=1")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    /// Issue 29: GitHub linked through the browser is the identity a later browser sign-in with GitHub returns.
    @Test func gitHubLinkedInTheBrowserSignsInToTheSameAccount() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, app, _) = try handOff(directory: directory, providers: "google,github")
        try browserSignsIn(app, as: "ada@example.com")
        let account = try app.waitFor("Signed in!")
        let uid = try #require(account.firstMatch(of: /User ID: ([A-Za-z0-9]+)/)).1.description
        try focus("Link GitHub", in: app)
        try app.press("Enter")
        try browserSignsIn(app, as: "ada.codes@example.com", provider: "GitHub")
        try app.waitFor("You can now also sign in with GitHub.")
        try app.press("Enter")
        try focus("Sign out", in: app, with: "BTab")
        try app.press("Enter")
        try focus("Sign in with GitHub", in: app)
        try app.press("Enter")
        try browserSignsIn(app, as: "ada.codes@example.com", provider: "GitHub")
        let again = try app.waitFor("Signed in!")
        #expect(again.contains("User ID: \(uid)"), "the same account:\n\(again)")
        #expect(again.contains("• Google") && again.contains("• GitHub"))
        try app.press("C-c")
        try app.waitFor("Signed in as ada@example.com")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
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

    /// Plain mode: a half-typed answer at the waiting screen's prompt belonged to that screen; once the browser's
    /// return moved on, the next answer is read alone ("3", not "93").
    @Test func plainModeDropsAHalfTypedAnswerWhenTheBrowserComesBack() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, app, authURI) = try handOff(directory: directory, plain: true)
        try app.press("9")
        try app.waitFor("): 9")
        let returned = try chooseIdentity(at: authURI, email: "ann@example.com")
        _ = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", returned])
        let account = try app.waitFor(") Sign out")
        try app.waitFor("ann@example.com")
        let signOut = try #require(account.firstMatch(of: /([0-9]+)\) Sign out/)).1
        try app.press(String(signOut), "Enter")
        // Signed out, the picker asks again; "9" + the choice would have been refused as no choice at all.
        let deadline = Date().addingTimeInterval(10)
        var lastRow = ""
        repeat {
            lastRow = try app.screen().split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
        } while !lastRow.hasPrefix("Choose (1–4)") && Date() < deadline
        let screen = try app.screen()
        #expect(lastRow.hasPrefix("Choose (1–4)"), "the picker after signing out; screen:\n\(screen)")
        #expect(!screen.contains("Type a number"))
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
