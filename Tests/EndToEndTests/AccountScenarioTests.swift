import Foundation
import Testing
import TestSupport

/// The account screen and reauthentication in the real binary, in a real terminal (tmux), on the local backend.
@Suite(.serialized) struct AccountScenarioTests {
    private let binary = productBinary("fauth-tui")
    /// Sensitive changes need a sign-in at most this old; short, so the tests can outlive it.
    private static let maxAge = 6

    private struct App {
        let session: TmuxSession
        let directory: URL
    }

    private func startApp(configuration: String = "{}") throws -> App {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.json")
        try Data(configuration.utf8).write(to: config)
        let store = directory.appendingPathComponent("store.sqlite").path
        let session = try TmuxSession(command: "\(binary) --store \(store) --config \(config.path)",
                                      environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        try session.waitFor(" Enter ")
        return App(session: session, directory: directory)
    }

    /// Signs Alice up from the picker (the email field is focused at start).
    private func signUpAlice(_ app: TmuxSession) throws {
        try app.openSignUp()
        try app.submitSignUp(email: "alice@example.com", password: "hunter22")
        try app.waitFor("Signed in!")
    }

    /// Lets the sign-in grow older than the maximum age, so the next sensitive change is refused.
    private func outliveTheSignIn() {
        Thread.sleep(forTimeInterval: TimeInterval(Self.maxAge + 1))
    }

    private var shortMaxAge: String { "{\"recentLoginMaxAge\": \(Self.maxAge)}" }

    @Test func anOldSignInAsksForThePasswordThenChangesIt() throws {
        let app = try startApp(configuration: shortMaxAge)
        defer { try? FileManager.default.removeItem(at: app.directory) }
        let tui = app.session
        try signUpAlice(tui)
        outliveTheSignIn()
        // Verify email address, then Update password.
        try tui.press("Tab", "Enter")
        try tui.waitFor("Update Password")
        try tui.type("newpass1")
        try tui.press("Tab")
        try tui.type("newpass1")
        try tui.press("Enter")
        try tui.waitFor("For security, please enter your password")
        try tui.type("wrong-password")
        try tui.press("Enter")
        try tui.waitFor("The email and password you entered don't match.")
        try tui.press("Enter")
        try tui.waitFor("For security, please enter your password")
        try tui.type("hunter22")
        let sheet = try tui.screen()
        #expect(!sheet.contains("hunter22"), "a password was echoed")
        try tui.press("Enter")
        try tui.waitFor("Your password has been successfully updated.", timeout: 20)
        try tui.press("Enter")
        // The new password signs in (Sign out is the last control, two before Update password).
        try tui.press("BTab", "BTab", "Enter")
        try tui.waitFor("Sign in with Firebase")
        try tui.submitSignIn(email: "alice@example.com", password: "newpass1")
        try tui.waitFor("Signed in!")
    }

    @Test func deletingAfterAnOldSignInAsksAgainAndTheAccountIsGone() throws {
        let app = try startApp(configuration: shortMaxAge)
        defer { try? FileManager.default.removeItem(at: app.directory) }
        let tui = app.session
        try signUpAlice(tui)
        outliveTheSignIn()
        try tui.press("BTab", "BTab", "Enter")
        // Cancel is focused: Enter alone deletes nothing.
        try tui.waitFor("Delete account?")
        try tui.press("Enter")
        try tui.waitFor("Sign-in methods")
        try tui.press("Enter")
        try tui.waitFor("Delete account?")
        try tui.press("Tab", "Enter")
        try tui.waitFor("For security, please enter your password")
        try tui.type("hunter22")
        try tui.press("Enter")
        try tui.waitFor("Your account and its data were permanently deleted.", timeout: 20)
        try tui.press("Enter")
        try tui.submitSignIn(email: "alice@example.com", password: "hunter22")
        try tui.waitFor("The email and password you entered don't match.")
    }

    @Test func theVerificationEmailFromTheInboxVerifies() throws {
        let app = try startApp()
        defer { try? FileManager.default.removeItem(at: app.directory) }
        let tui = app.session
        try signUpAlice(tui)
        try tui.waitFor("Email not verified")
        try tui.press("Enter")
        try tui.waitFor("Verification email sent")
        try tui.press("Enter")
        try tui.press("F2")
        try tui.waitFor("Verify your email address")
        try tui.press("Enter")
        try tui.waitFor("alice@example.com is now verified.")
        try tui.press("Enter")
        let screen = try tui.waitFor("Email verified")
        #expect(!screen.contains("Verify email address"))
    }

    @Test func aGuestLinksAPassword() throws {
        let app = try startApp(configuration: "{\"shouldAutoUpgradeAnonymousUsers\": true, "
                               + "\"providers\": [\"email\", \"anonymous\"]}")
        defer { try? FileManager.default.removeItem(at: app.directory) }
        let tui = app.session
        try tui.press("Tab", "Tab", "Tab", "Tab", "Tab", "Enter")
        try tui.waitFor("You're using a guest account.")
        // Sign up from the guest's picker: the password is linked to the guest account.
        try signUpAlice(tui)
        let screen = try tui.waitFor("• Password")
        #expect(screen.contains("alice@example.com"))
        try tui.press("BTab", "Enter")
        try tui.waitFor("Sign in with Firebase")
        try tui.submitSignIn(email: "alice@example.com", password: "hunter22")
        try tui.waitFor("Signed in!")
    }
}
