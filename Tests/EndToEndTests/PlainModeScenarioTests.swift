import Foundation
import Testing
import TestSupport

/// Plain mode of the real binary: in a real terminal (tmux), with `TERM=dumb`, with answers from a pipe, and as
/// the fallback when the full-screen interface cannot start.
@Suite(.serialized) struct PlainModeScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    /// Waits until the last line on screen starts with `prompt` (earlier prompts stay on screen above it).
    @discardableResult
    private func waitForPrompt(_ prompt: String, in app: TmuxSession, timeout: TimeInterval = 20,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try app.screen()
            if screen.split(separator: "\n").last?.hasPrefix(prompt) == true { return screen }
            usleep(20_000)
        }
        Issue.record("timed out waiting for the prompt \(prompt.debugDescription); screen:\n\(screen)",
                     sourceLocation: sourceLocation)
        return screen
    }

    /// `fauth-tui --plain` in tmux, with the terminal's settings saved before it starts and after it ends.
    private func startPlain(store: String, in directory: URL) throws -> (app: TmuxSession, sttyBefore: String,
                                                                        sttyAfter: String) {
        let before = directory.appendingPathComponent("stty-before").path
        let after = directory.appendingPathComponent("stty-after").path
        let command = "stty -g > \(before); \(binary) --plain --store \(store); status=$?; stty -g > \(after); "
            + "(exit $status)"
        let app = try TmuxSession(command: command, width: 80, height: 24,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        return (app, before, after)
    }

    /// Answers each prompt once it is the last line on screen.
    private func converse(_ steps: [(prompt: String, answer: String)], in app: TmuxSession,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        for step in steps {
            try waitForPrompt(step.prompt, in: app, sourceLocation: sourceLocation)
            try answer(step.answer, in: app)
        }
    }

    private func answer(_ text: String, in app: TmuxSession) throws {
        try app.type(text)
        try app.press("Enter")
    }

    @Test func signUpAndSignInInATerminal() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        let (app, before, after) = try startPlain(store: store, in: directory)

        // Sign up: "Sign up" (5), then the email field (1) asks for the email and both passwords in turn.
        try converse([("Choose (1–8):", "5")], in: app)
        try app.waitFor("Create account")
        try converse([("Choose (1–8):", "1"), ("Email:", "alice@example.com"), ("Password:", "hunter22"),
                      ("Confirm password:", "hunter22")], in: app)
        let form = try waitForPrompt("Choose (1–8):", in: app)
        #expect(form.contains("Password: ••••••••") && form.contains("✓ Passwords must match"))
        #expect(!form.contains("hunter22"), "a password was echoed")
        try answer("4", in: app)
        try app.waitFor("Signed in!")

        // The account screen: "Sign out" (5), then sign in: the email field (1), its password, "Sign in with email" (4).
        try converse([("Choose (1–7):", "5")], in: app)
        try app.waitFor("4) Sign in with email")
        try converse([("Choose (1–8):", "1"), ("Email:", "alice@example.com"), ("Password:", "hunter22"),
                      ("Choose (1–8):", "4")], in: app)
        try app.waitFor("alice@example.com\nUser ID: ")
        try waitForPrompt("Choose (1–7):", in: app)

        // "Ctrl-C: quit" (7) ends the run; the result line and status are the full-screen interface's.
        try answer("7", in: app)
        let end = try app.waitFor("EXIT=0")
        #expect(end.contains("Signed in as alice@example.com"))
        #expect(!end.contains("hunter22"))
        let stty = try String(contentsOfFile: before, encoding: .utf8)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == stty, "the terminal's settings changed")
    }

    @Test func ctrlCAtAPasswordPromptRestoresEcho() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (app, before, after) = try startPlain(store: ":memory:", in: directory)
        try waitForPrompt("Choose (1–8):", in: app)
        try answer("2", in: app)
        try waitForPrompt("Password:", in: app)
        try app.press("C-c")
        try app.waitFor("EXIT=130")
        let stty = try String(contentsOfFile: before, encoding: .utf8)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == stty, "echo stayed off")
    }

    @Test func aDumbTerminalGetsPlainModeWithoutEscapeSequences() throws {
        let result = try spawnClean([binary, "--store", ":memory:"], environment: ["LANG": "C.UTF-8", "TERM": "dumb"])
        #expect(result.status == 1)
        #expect(result.output.contains("Sign in with Firebase\n  1) Email: (empty)\n  2) Password: (empty)\n"))
        #expect(!result.output.contains("\u{1b}"))
    }

    @Test func answersFromAPipeSignUpAndJSONSaysWho() throws {
        let answers = "5\\n1\\nbob@example.com\\nsecret1\\nsecret1\\n4\\n"
        let result = try spawnClean(["sh", "-c", "printf '\(answers)' | \(binary) --plain --json --store :memory:"],
                                    environment: ["LANG": "C.UTF-8", "TERM": "xterm"])
        #expect(result.status == 0)
        // The last prompt (standard error) has no line break, so the result line (standard output) follows it.
        let start = try #require(result.output.range(of: "{\"", options: .backwards)).lowerBound
        let line = result.output[start...].trimmingCharacters(in: .newlines)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["signedIn"] as? Bool == true && object["email"] as? String == "bob@example.com")
        #expect(object["providers"] as? [String] == ["password"] && object["isAnonymous"] as? Bool == false)
        #expect(!result.output.contains("secret1"))
    }

    @Test func aTerminalThatCannotBeSetUpFallsBackToPlainMode() throws {
        let result = try spawnClean([binary, "--json", "--store", ":memory:"],
                                    environment: ["LANG": "C.UTF-8", "TERM": "no-such-terminal"])
        #expect(result.status == 1)
        #expect(result.output.contains("The full-screen interface cannot start ("))
        #expect(result.output.contains("), so plain mode is used.\n"))
        #expect(result.output.contains("1) Email: (empty)"))
        #expect(result.output.hasSuffix("{\"signedIn\":false}\n"))
    }
}

/// The embedding example (`Examples/EmbedExample`): the picker it configures in code, and the user it gets back.
@Suite struct EmbedExampleTests {
    private let example = productBinary("fauth-embed-example")

    @Test func theExamplePresentsItsProvidersAndGreetsWhoSignedUp() throws {
        // "Sign up" (5), the email field (1) with both passwords, "Create account" (4).
        let answers = "5\\n1\\nada@example.com\\nsecret1\\nsecret1\\n4\\n"
        let result = try spawnClean(["sh", "-c", "printf '\(answers)' | \(example) --plain"],
                                    environment: ["LANG": "C.UTF-8", "TERM": "xterm"])
        #expect(result.status == 0)
        // The builder's methods, in order, under the inline form; the custom provider keeps its own label.
        #expect(result.output.contains("   6) Sign in with phone\n   7) Sign in with Google\n   8) Sign in with GitHub\n"
                                       + "   9) Sign in with LINE\n"))
        #expect(result.output.contains("Terms of Service: https://example.com/terms"))
        #expect(result.output.contains(/Hello, ada@example\.com! \(user ID [A-Za-z0-9]+, signed in with password\)\n$/))
        #expect(!result.output.contains("secret1"))
    }

    @Test func leavingWithoutSigningInIsTold() throws {
        let result = try spawnClean([example, "--plain"], environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("Nobody signed in.\n"))
    }
}
