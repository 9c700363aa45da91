import Foundation
import Testing
import TestSupport

/// Every other way in, walked in a real terminal: email link, phone, guest upgrade, a provider conflict.
@Suite(.serialized) struct SignInMethodScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    /// The outbox of a store, one array of tab-separated fields per message.
    private func outbox(_ directory: URL) throws -> [[String]] {
        let store = directory.appendingPathComponent("store.sqlite").path
        return try spawnClean([binary, "inbox", "--store", store]).output.split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func emailLinkSignInFromTheInbox() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try scenario.startApp(in: directory, extraArguments: "--providers email,emailLink")
        try app.waitFor("Sign in with email link")
        try app.type("lin@example.com")
        try app.press("Tab", "Tab", "Tab", "Tab", "Tab", "Enter")
        try app.waitFor("Send email sign-in link")
        try app.press("Enter")
        try app.waitFor("Sign-in email sent")
        try app.press("Enter")
        try app.waitFor("Link from the email")
        try app.press("F2")
        try app.waitFor("Your sign-in link")
        try app.press("Enter")
        try app.waitFor("Signed in!")
        try app.waitFor("lin@example.com")
        try app.press("C-c")
        try app.waitFor("Signed in as lin@example.com")
    }

    @Test func phoneSignInWithOneWrongCodeFirst() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try scenario.startApp(in: directory, extraArguments: "--providers phone")
        try app.waitFor("Sign in with phone")
        try app.press("Enter")
        try app.waitFor("Enter phone number")
        try app.type("(650) 555-0100")
        try app.press("Enter")
        try app.waitFor("We sent a code to +16505550100")
        let sms = try #require(try outbox(directory).last)
        #expect(sms[1] == "sms" && sms[2] == "+16505550100")
        let code = sms[3]
        let wrong = code == "000000" ? "111111" : "000000"
        try app.type(wrong)
        try app.press("Enter")
        try app.waitFor("That code isn't right")
        try app.press("Enter")
        try app.waitFor("[ ][ ][ ][ ][ ][ ]")
        try app.type(code)
        try app.press("Enter")
        try app.waitFor("Signed in!")
        try app.waitFor("+16505550100")
        try app.press("C-c")
        try app.waitFor("Signed in as +16505550100")
    }

    @Test func aGuestWhoSignsUpKeepsTheUserID() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"shouldAutoUpgradeAnonymousUsers": true}"#.utf8).write(to: config)
        let arguments = "--providers email,anonymous --config \(config.path)"
        var guestID = ""
        do {
            let app = try scenario.startApp(in: directory, extraArguments: arguments)
            try app.waitFor("Continue as guest")
            try app.press("BTab", "BTab", "Enter")
            try app.waitFor("You're using a guest account")
            try app.press("C-c")
            let end = try app.waitFor("EXIT=0")
            guestID = try #require(end.firstMatch(of: /user ID ([A-Za-z0-9_-]+)\)/)).1.description
        }
        let app = try scenario.startApp(in: directory, extraArguments: arguments)
        try app.waitFor("You're using a guest account")
        try app.openSignUp()
        try app.submitSignUp(email: "guest@example.com", password: "secret-1")
        try app.waitFor("Signed in!")
        let screen = try app.waitFor("User ID: \(guestID)")
        #expect(screen.contains("guest@example.com"))
    }

    @Test func aSimulatedGoogleSignInThatCollidesIsResolvedAndLinked() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try scenario.startApp(in: directory, extraArguments: "--providers email,google")
        try app.waitFor("Sign in with Google")
        // An email/password account for ann…
        try app.openSignUp()
        try app.submitSignUp(email: "ann@example.com", password: "secret-1")
        try app.waitFor("Signed in!")
        try app.press("BTab", "Enter")  // Sign out is the last control
        try app.waitFor("Sign in with Firebase")
        // …then "Google" vouches for the same email without verifying it: Firebase's needConfirmation.
        try app.press("BTab", "BTab", "Enter")
        try app.waitFor("Google (simulated)")
        try app.type("ann@example.com")
        try app.press("Tab", "Tab", "Enter", "Tab", "Enter")
        try app.waitFor("An account with this email already exists")
        try app.press("Enter")
        // Signing in the old way links Google to the account.
        try app.press("BTab", "BTab", "BTab", "BTab", "BTab")
        try app.submitSignIn(email: "ann@example.com", password: "secret-1")
        try app.waitFor("Accounts linked")
        try app.waitFor("You can now also sign in with Google.")
        try app.press("Enter")
        try app.waitFor("Signed in!")
        // From now on Google alone signs ann in.
        try app.press("BTab", "Enter")  // Sign out is the last control
        try app.waitFor("Sign in with Firebase")
        try app.press("BTab", "BTab", "Enter")
        try app.waitFor("Google (simulated)")
        try app.type("ann@example.com")
        try app.press("Tab", "Tab", "Tab", "Enter")
        try app.waitFor("Signed in!")
        try app.waitFor("ann@example.com")
    }
}
