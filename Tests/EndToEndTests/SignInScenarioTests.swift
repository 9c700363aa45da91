import Foundation
import Testing
import TestSupport

/// The real binary in a real terminal (tmux), driven by keys as a person would.
@Suite(.serialized) struct SignInScenarioTests {
    private let binary = productBinary("fauth-tui")

    func startApp(in directory: URL, width: Int = 80, height: Int = 24,
                  extraArguments: String = "") throws -> TmuxSession {
        let store = directory.appendingPathComponent("store.sqlite").path
        let before = directory.appendingPathComponent("stty-before").path
        let after = directory.appendingPathComponent("stty-after").path
        let command = "stty -a > \(before); \(binary) --store \(store) \(extraArguments); status=$?; "
            + "stty -a > \(after); (exit $status)"
        let app = try TmuxSession(command: command, width: width, height: height,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        // Keys typed while the session is still loading are ignored, as in any busy state; the footer offers
        // Enter only once the app is idle.
        try app.waitFor(" Enter ")
        return app
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func signUpSignOutWrongPasswordRecoveryAndSignIn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try startApp(in: directory)
        try app.waitFor("Sign in with Firebase")

        // Sign up: Tab to "Sign up" and flip the form; the email field is focused again.
        try app.openSignUp()
        try app.type("alice@example.com")
        try app.press("Tab")
        try app.type("hunter22")
        try app.press("Tab")
        try app.type("hunter22")
        let form = try app.waitFor("✓ Passwords must match")
        #expect(!form.contains("hunter22"), "a password was echoed")
        try app.press("Enter")
        try app.waitFor("Signed in!")
        try app.waitFor("alice@example.com")

        // Sign out, then a wrong password shows the localized alert and keeps the form.
        try app.press("BTab", "Enter")  // Sign out is the last control
        try app.waitFor("Sign in with Firebase")
        try app.submitSignIn(email: "alice@example.com", password: "wrong-password")
        try app.waitFor("The email and password you entered don't match.")
        try app.press("Enter")
        try app.waitFor("Trouble signing in?")

        // Recovery: "Trouble signing in?" is the next Tab after the password field, as it is drawn.
        try app.press("Tab", "Enter")
        try app.waitFor("Send password recovery email")
        try app.press("Enter")
        try app.waitFor("Check your email")
        try app.press("Enter")
        try app.waitFor("Link or code from the email")

        // The email is in the inbox, both for scripts and on screen; paste its link.
        let inbox = try spawnClean([binary, "inbox", "--store", directory.appendingPathComponent("store.sqlite").path])
        #expect(inbox.status == 0)
        let line = try #require(inbox.output.split(separator: "\n").last)
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 5 && fields[1] == "passwordReset" && fields[2] == "alice@example.com")
        try app.press("F2")
        try app.waitFor("Reset your password")
        try app.press("Escape")
        try app.waitFor("Link or code from the email")
        try app.paste(String(fields[4]))
        try app.press("Tab")
        try app.type("brand-new-1")
        try app.press("Tab")
        try app.type("brand-new-1")
        try app.press("Enter")
        try app.waitFor("Password changed")
        try app.press("Enter")
        try app.waitFor("Sign in with Firebase")

        // The email is filled in and the password field focused: sign in with the new password.
        try app.type("brand-new-1")
        try app.press("Enter")
        try app.waitFor("Signed in!")

        try app.press("C-c")
        let end = try app.waitFor("EXIT=0")
        #expect(end.contains("Signed in as alice@example.com"))
        let before = try String(contentsOf: directory.appendingPathComponent("stty-before"), encoding: .utf8)
        let after = try String(contentsOf: directory.appendingPathComponent("stty-after"), encoding: .utf8)
        #expect(before == after, "the terminal was not restored")
    }

    @Test func theSessionPersistsAcrossRunsUntilSignOut() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let app = try startApp(in: directory)
            try app.waitFor("Sign in with Firebase")
            try app.openSignUp()
            try app.submitSignUp(email: "bob@example.com", password: "secret-1")
            try app.waitFor("Signed in!")
            try app.press("C-q")
            try app.waitFor("EXIT=0")
        }
        let again = try startApp(in: directory)
        try again.waitFor("bob@example.com")
        try again.press("BTab", "Enter")  // Sign out is the last control
        try again.waitFor("Sign in with Firebase")
        try again.press("Escape")
        try again.waitFor("EXIT=1")
    }

    @Test func resizingAndATooSmallTerminalRedrawCleanly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try startApp(in: directory)
        try app.waitFor("Sign in with Firebase")
        try app.resize(width: 24, height: 8)
        try app.waitFor("Terminal too small")
        try app.resize(width: 40, height: 12)
        let narrow = try app.waitFor("Email")
        #expect(!narrow.contains("Terminal too small"))
        try app.type("日本語@example.com")
        try app.waitFor("[日本語@example.com")
        try app.press("C-c")
        try app.waitFor("EXIT=1")
    }

    @Test(arguments: [("SEGV", "a crash"), ("TERM", "SIGTERM"), ("QUIT", "SIGQUIT")])
    func theTerminalIsRestoredAfterASignal(signal: String, meaning: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try startApp(in: directory)
        try app.waitFor("Sign in with Firebase")
        let pid = try app.tmux("display-message", "-p", "-t", "app", "#{pane_pid}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try spawnClean(["pkill", "-\(signal)", "-P", pid, "-x", "fauth-tui"])
        let screen = try app.waitFor("EXIT=", timeout: 30)
        #expect(!screen.contains("EXIT=0"))
        if signal == "TERM" { #expect(screen.contains("EXIT=143")) }
        if signal == "QUIT" {
            #expect(screen.contains("EXIT=131"))
            #expect(!screen.contains("Backtrace"))
        }
        let before = try String(contentsOf: directory.appendingPathComponent("stty-before"), encoding: .utf8)
        let after = try String(contentsOf: directory.appendingPathComponent("stty-after"), encoding: .utf8)
        #expect(before == after, "the terminal was not restored after \(meaning)")
    }

    @Test func scalarsThatMergeIntoOneGraphemeCanBeTypedAndDeleted() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try startApp(in: directory)
        try app.waitFor("Sign in with Firebase")
        for scalar in ["a", "\u{301}", "b", "\u{1100}", "\u{1161}", "🇺", "🇸", "👩", "\u{200D}", "💻"] {
            try app.type(scalar)
        }
        try app.press("BSpace", "BSpace", "BSpace", "Left", "Left")
        try app.type("@example.com")
        try app.waitFor("@example.com")
        try app.press("C-c")
        try app.waitFor("EXIT=1")
    }

    @Test func aHugePasteIsCutWithAMessageAndTheFieldStaysResponsive() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try startApp(in: directory)
        try app.waitFor("Sign in with Firebase")
        try app.paste(String(repeating: "pasted", count: 50_000))
        try app.waitFor("Only the first 1024 characters were kept", timeout: 30)
        try app.press("C-u")
        try app.type("ada@example.com")
        try app.waitFor("[ada@example.com ", timeout: 30)
        try app.press("C-c")
        try app.waitFor("EXIT=1")
    }

    @Test func aCrashRestoresTheTerminalAndEndsWithoutWaitingForAKey() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = directory.appendingPathComponent("stty-before").path
        let after = directory.appendingPathComponent("stty-after").path
        let command = "stty -a > \(before); \(productBinary("fauth-crash-probe")); status=$?; "
            + "stty -a > \(after); (exit $status)"
        let app = try TmuxSession(command: command, environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        // Swift's backtracer would wait 30 s for a key at its prompt; the crash must end well before that.
        let screen = try app.waitFor("EXIT=", timeout: 20)
        #expect(screen.contains("EXIT=132") || screen.contains("EXIT=133"), "not a trap: \(screen)")
        let restored = try String(contentsOfFile: before, encoding: .utf8)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == restored, "the terminal was not restored")
    }
}

extension TmuxSession {
    /// Fills the sign-in form from its email field and submits it.
    func submitSignIn(email: String, password: String) throws {
        try type(email)
        try press("Tab")
        try type(password)
        try press("Enter")
    }

    /// From the picker's empty email field: switches the form to sign-up, which focuses the email field again,
    /// and waits for its button (`createAccount` in the interface's language).
    func openSignUp(createAccount: String = "Create account") throws {
        try press("Tab", "Tab", "Tab", "Tab", "Enter")
        try waitFor(createAccount)
    }

    /// On the email-link screen with the address filled in: sends the link, then uses it from the inbox (F2).
    func sendAndUseSignInLink() throws {
        try waitFor("Send email sign-in link")
        try press("Enter")
        try waitFor("Sign-in email sent")
        try press("Enter", "F2")
        try waitFor("Your sign-in link")
        try press("Enter")
    }

    /// Fills the sign-up form from its email field (email, password, confirmation) and submits it.
    func submitSignUp(email: String, password: String) throws {
        try type(email)
        try press("Tab")
        try type(password)
        try press("Tab")
        try type(password)
        try press("Enter")
    }
}
