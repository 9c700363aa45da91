import AuthCore
import AuthEmulator
import AuthFlow
import FirebaseAuthREST
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport
@testable import FauthTUI
@testable import LoopbackRedirect

private let pages = RedirectPages(language: "de", received: "Erhalten.", cancelled: "Abgebrochen.", foreign: "Fremd.")

/// A listener waiting for the browser sign-in begun on it whose `state` is "s-1".
private func listening(timeout: Duration = .seconds(60)) throws -> RedirectListener {
    let listener = try RedirectListener(pages: pages, timeout: timeout)
    let authURI = AuthURI(authURI: "http://127.0.0.1:9099/emulator/auth/handler?state=s-1", sessionID: "session-1")
    listener.expect(BrowserSignIn.Start(button: IdentityProviderButton.builtIn[0], authURI: authURI,
                                        continueURI: listener.continueURI, expectedState: "s-1"))
    return listener
}

/// GETs `address` with curl (never through a proxy); returns the status and body, or status 0 when nothing listens.
private func get(_ address: String) throws -> (status: Int, body: String) {
    let result = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-w", "\n%{http_code}", address])
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
}

@Suite(.serialized) struct RedirectListenerTests {
    @Test func itListensOnLoopbackCatchesOneAnswerRefusesForeignOnesAndCloses() async throws {
        let listener = try listening()
        let base = try #require(URLComponents(string: listener.continueURI))
        #expect(base.scheme == "http" && base.host == "127.0.0.1" && base.path == "/" && (base.port ?? 0) > 0)

        let waiting = Task { try await listener.browserReturn() }
        #expect(try get(listener.continueURI + "favicon.ico").status == 404)
        let foreign = try get(listener.continueURI + "?code=c&state=forged")
        #expect(foreign.status == 400 && foreign.body.contains("Fremd.") && foreign.body.contains("lang=\"de\""))
        let answered = try get(listener.continueURI + "?state=s-1&code=c%2B1")
        #expect(answered.status == 200 && answered.body.contains("Erhalten."))
        let address = try await waiting.value
        #expect(IdentityProviderRedirect.read(address, expectedState: "s-1") == .answered)
        #expect(IdentityProviderRedirect.queryValue("code", in: address) == "c+1")
        #expect(address.hasPrefix(listener.continueURI))
        #expect(!listener.isListening)
        #expect(try get(listener.continueURI + "?state=s-1&code=again").status == 0, "nothing listens any more")
    }

    @Test func cancellingTheWaitClosesTheListener() async throws {
        let listener = try listening()
        let waiting = Task { try await listener.browserReturn() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        await #expect(throws: AuthError(.webContextCancelled, detail: "cancelled in the app")) { try await waiting.value }
        #expect(!listener.isListening)
    }

    @Test func itGivesUpAfterItsTimeout() async throws {
        let listener = try listening(timeout: .milliseconds(200))
        do {
            _ = try await listener.browserReturn()
            Issue.record("a listener nobody answered returned")
        } catch {
            #expect(error.code == .webSignInTimedOut)
        }
        #expect(!listener.isListening)
    }

    @Test func aRefusalIsCaughtToo() async throws {
        let listener = try listening()
        let waiting = Task { try await listener.browserReturn() }
        let refused = try get(listener.continueURI + "?error=access_denied&state=s-1")
        #expect(refused.status == 200 && refused.body.contains("Abgebrochen."))
        let address = try await waiting.value
        #expect(IdentityProviderRedirect.read(address, expectedState: "s-1") == .refused)
    }

    /// Regression (issue 27 item 5): 64 idle sockets from 127.0.0.1 made the listener refuse the browser's return.
    @Test func idleConnectionsLeaveTheBrowserReturnServed() async throws {
        let listener = try listening()
        let waiting = Task { try await listener.browserReturn() }
        let port = try #require(URLComponents(string: listener.continueURI)?.port.flatMap { UInt16($0) })
        let idle = try (0..<300).map { _ in try RawClient(port: port, timeout: 2) }
        let answered = try get(listener.continueURI + "?state=s-1&code=c")
        #expect(answered.status == 200 && answered.body.contains("Erhalten."))
        #expect(IdentityProviderRedirect.read(try await waiting.value, expectedState: "s-1") == .answered)
        withExtendedLifetime(idle) {}
    }
}

@Suite struct BrowserLauncherTests {
    @Test func aBrowserIsOfferedOnlyWithADisplay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("my-browser").path
        #expect(FileManager.default.createFile(atPath: program, contents: Data("#!/bin/sh\n".utf8),
                                               attributes: [.posixPermissions: 0o755]))
        let path = folder.path
        #expect(BrowserLauncher.command(environment: ["BROWSER": "my-browser", "PATH": path]) == nil)
        #expect(BrowserLauncher.command(environment: ["DISPLAY": ":0", "BROWSER": "my-browser", "PATH": path]) == program)
        #expect(BrowserLauncher.command(environment: ["WAYLAND_DISPLAY": "wayland-0", "BROWSER": "firefox %s:my-browser",
                                                      "PATH": path]) == program)
        #expect(BrowserLauncher.command(environment: ["DISPLAY": ":0", "PATH": path]) == nil, "no xdg-open there")
    }

    @Test func theBrowserGetsTheAddressAsItsOneArgument() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("opened").path
        let program = folder.appendingPathComponent("browser").path
        let script = "#!/bin/sh\nprintf '%s|%s' \"$#\" \"$1\" > \(output)\n"
        try writeExecutable(script, to: program)
        let address = "http://127.0.0.1:9/a?b=c&d=$(touch x)"
        #expect(BrowserLauncher.open(address, with: program))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, (try? String(contentsOfFile: output, encoding: .utf8))?.isEmpty != false {
            usleep(20_000)
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "1|\(address)")
    }
}

/// The service's listeners against `fauth-tui emulator`'s Identity Toolkit served on loopback.
@Suite(.serialized) struct BrowserSignInServiceTests {
    @Test func aListenerNobodyWaitsForIsClosed() async throws {
        let (server, client) = try loopbackEmulator(projectID: "demo-browser")
        defer { server.stop(gracePeriod: .seconds(1)) }
        let service = BrowserSignInService(pages: pages, browserCommand: nil, launchPageDirectory: "/nonexistent")
        let start = try await service.begin(IdentityProviderButton.builtIn[0], service: AuthService(client: client))
        #expect(try get(start.continueURI + "favicon.ico").status == 404, "listening once begun")
        service.close(listenerAt: start.continueURI)
        #expect(try get(start.continueURI + "favicon.ico").status == 0, "nothing listens once closed")
        await #expect(throws: AuthError(.webContextCancelled, detail: "no listener for \(start.continueURI)")) {
            try await service.browserReturn(start)
        }
    }

    /// Regression (issue 29 follow-up): a reCAPTCHA's listener that started after Esc stayed open for 5 minutes.
    /// Closing it through the runner (the Navigator's `closeListener`) refuses connections at once.
    @Test func aRecaptchaListenerNobodyWaitsForIsClosedAtOnce() async throws {
        let recaptchaPages = RecaptchaPages(language: "de", title: "T", instructions: "I", received: "Erhalten.",
                                            foreign: "Fremd.")
        let service = BrowserSignInService(pages: pages, recaptchaPages: recaptchaPages, browserCommand: nil,
                                           launchPageDirectory: "/nonexistent")
        let client = FirebaseAuthClient(endpoint: .emulator(host: "127.0.0.1", port: 9, projectID: "demo-browser"),
                                        sessionStore: MemorySessionStore(nil))
        let runner = EffectRunner(service: AuthService(client: client), inbox: nil,
                                  storage: MemoryAppStorage(), browserSignIn: service)
        let recaptcha = try #require(service.recaptcha)
        let start = try await recaptcha.begin(RecaptchaChallenge(siteKey: "site-key"))
        #expect(try get(start.pageURI).status == 200, "listening once begun")
        runner.closeListener(start.continueURI)
        #expect(try get(start.pageURI).status == 0, "nothing listens once closed")
        await #expect(throws: AuthError(.webContextCancelled, detail: "no listener for \(start.continueURI)")) {
            try await recaptcha.answer(start)
        }
    }

    /// Esc, Cancel or a pasted answer on the reCAPTCHA's screen cancel the wait: the port refuses at once.
    @Test func cancellingTheRecaptchaWaitClosesItsListenerAtOnce() async throws {
        let recaptcha = LoopbackRecaptcha(pages: RecaptchaPages(language: "en", title: "T", instructions: "I",
                                                                received: "R", foreign: "F"))
        let start = try await recaptcha.begin(RecaptchaChallenge(siteKey: "site-key"))
        let waiting = Task { try await recaptcha.answer(start) }
        #expect(try get(start.pageURI).status == 200)
        waiting.cancel()
        await #expect(throws: AuthError(.webContextCancelled, detail: "cancelled in the app")) { try await waiting.value }
        #expect(try get(start.pageURI).status == 0, "nothing listens once the wait is cancelled")
    }

    /// Regression (issue 27 item 6): the browser was given the authorization address as its argument, where any
    /// local process reads it (`ps`), `state` and all; another user's process finished the hand-off first and the
    /// interface signed in as attacker@evil.example. Now the argument is an owner-only page, and once the browser
    /// started from it only a return carrying its cookie answers the sign-in.
    @Test func theBrowsersCommandLineHoldsNoSecretAndOnlyThatBrowserAnswers() async throws {
        let (server, client) = try loopbackEmulator(projectID: "demo-browser")
        defer { server.stop(gracePeriod: .seconds(1)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let argumentFile = folder.appendingPathComponent("argument").path
        let program = folder.appendingPathComponent("browser").path
        try writeExecutable("#!/bin/sh\nprintf '%s' \"$1\" > \(argumentFile)\n", to: program)
        let service = BrowserSignInService(pages: pages, browserCommand: program,
                                           launchPageDirectory: folder.appendingPathComponent("pages").path)
        let start = try await service.begin(IdentityProviderButton.builtIn[0], service: AuthService(client: client))
        let waiting = Task { try await service.browserReturn(start) }
        service.openBrowser(start.authURI.authURI)

        // What `ps` shows: the page's address, no state and no key.
        let argument = try await eventually { try? String(contentsOfFile: argumentFile, encoding: .utf8) }
        let state = try #require(start.authURI.state)
        #expect(argument.hasPrefix("file://") && !argument.contains(state) && !argument.contains("key="))
        let page = String(argument.dropFirst("file://".count))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: page)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "another user cannot read the page")

        // The browser follows the page to the listener's launch address, which sets its cookie and sends it on.
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let launch = try #require(html.firstMatch(of: /url=([^"]+)"/)).1.description
        let jar = folder.appendingPathComponent("cookies").path
        let forwarded = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-c", jar, "-b", jar,
                                        "-o", "/dev/null", "-w", "%{redirect_url}", launch]).output
        #expect(forwarded == start.authURI.authURI)
        #expect(try get(launch.replacingOccurrences(of: "key=", with: "key=x")).status == 400, "a wrong key")

        // Whoever learns the state still cannot answer without the browser's cookie.
        let forged = try get(start.continueURI + "?code=attacker&state=\(state)")
        #expect(forged.status == 400 && forged.body.contains("Fremd."))
        let answered = try spawnClean(["curl", "--noproxy", "*", "-s", "-m", "10", "-b", jar,
                                       start.continueURI + "?code=browser&state=\(state)"]).output
        #expect(answered.contains("Erhalten."))
        let address = try await waiting.value
        #expect(IdentityProviderRedirect.queryValue("code", in: address) == "browser")
        #expect(!FileManager.default.fileExists(atPath: page), "the page is deleted once the browser came back")
    }
}

/// The value `read` gives within 10 seconds.
private func eventually<T>(_ read: () -> T?) async throws -> T {
    for _ in 0..<500 {
        if let value = read(), (value as? String)?.isEmpty != true { return value }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw AuthError(.networkRequestFailed, detail: "nothing within 10 s")
}
