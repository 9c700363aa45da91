import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LocalAuth
import Testing
import TestSupport

/// Two-factor authentication as a person does it: `fauth-tui --emulator` against `fauth-tui emulator`.
@Suite(.serialized) struct MFAScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    @Test func throughTheEmulatorEnrolAnAuthenticatorAppFromTheScreenThenSignInWithIt() async throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory:", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        // Enrolment needs a verified email (as in production); the admin API verifies it.
        let uid = try await Self.createVerifiedAccount(at: address, email: "ann@example.com", password: "secret-1")
        try enrolAnAuthenticatorAppThenSignInWithIt(uid: uid, backend: "--emulator \(address)", in: directory)
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func onTheLocalBackendEnrolAnAuthenticatorAppFromTheScreenThenSignInWithIt() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, uid) = try Self.createVerifiedLocalAccount(in: directory)
        try enrolAnAuthenticatorAppThenSignInWithIt(uid: uid, backend: "--store \(store)", in: directory)
    }

    /// Without libqrencode (an empty stand-in named like it comes first on LD_LIBRARY_PATH) no QR code is drawn, and
    /// the key to type by hand is still shown.
    @Test func withoutLibqrencodeTheKeyIsStillShown() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stub = try spawnClean(["cc", "-shared", "-o", directory.appendingPathComponent("libqrencode.so.4").path,
                                   "-x", "c", "/dev/null"],
                                  environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        try #require(stub.status == 0, "\(stub.output)")
        let (store, uid) = try Self.createVerifiedLocalAccount(in: directory)
        let app = try openEnrolment(uid: uid, backend: "--store \(store)", in: directory, size: (110, 34),
                                    environment: ["LD_LIBRARY_PATH": directory.path])
        try app.waitFor("Get started")
        try app.press("Tab", "Enter", "Enter")
        let shown = try app.waitFor("Key to type by hand:")
        #expect(!shown.contains("█▀▀▀▀▀█"), "no QR code without libqrencode")
        #expect(shown.firstMatch(of: /(?:[A-Z2-7]{4} ){7}[A-Z2-7]{4}/) != nil, "the key is shown")
        try app.press("C-c")
    }

    @Test func onTheLocalBackendEnrolAPhoneSignInWithItsTextMessageThenRemoveIt() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, uid) = try Self.createVerifiedLocalAccount(in: directory)
        let app = try openEnrolment(uid: uid, backend: "--store \(store)", in: directory, size: (80, 24))
        try enrolAPhoneThenSignInWithIt(app, uid: uid)
        // The factor count is read after the sign-in; keys wait until it is shown.
        try app.waitFor("Second factors enrolled: 1")

        // Remove the phone after confirming; Manage is the account screen's third action.
        try app.press("Tab", "Tab", "Enter")
        try app.waitFor("my phone")
        try app.press("BTab", "Enter")
        try app.waitFor("Remove this method?")
        try app.press("Tab", "Enter")
        try app.waitFor("Set up two-factor authentication to add")
        #expect(try !app.screen().contains("my phone"))
        try app.press("C-c")
        try app.waitFor("Signed in as ann@example.com")
    }

    /// Issue 29: an emulator that demands a reCAPTCHA (as a live project requiring app verification) has it solved
    /// in the browser before the enrolment's text message, and again before the second factor's at sign-in.
    @Test func throughAnEmulatorDemandingRecaptchaEnrolAPhoneThenSignInWithIt() async throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (emulator, address) = try RecaptchaScenarioTests.demandingEmulator(binary)
        let uid = try await Self.createVerifiedAccount(at: address, email: "ann@example.com", password: "secret-1")
        let app = try openEnrolment(uid: uid, backend: "--emulator \(address)", in: directory, size: (80, 24),
                                    environment: ["DISPLAY": ""])
        try enrolAPhoneThenSignInWithIt(app, uid: uid) { try RecaptchaScenarioTests.solveRecaptcha(shownBy: app) }
        try app.press("C-c")
        try app.waitFor("Signed in as ann@example.com")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    /// A phone number whose account has a text-message second factor cannot sign in on its own
    /// (UNSUPPORTED_FIRST_FACTOR, as Firebase refuses it): the phone screen says why and how to sign in instead,
    /// not enrolment's "add an email address", and keeps the number typed.
    @Test func throughTheEmulatorANumberProtectedByATextMessageFactorCannotSignInOnItsOwn() async throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory:", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let uid = try await Self.createVerifiedAccount(at: address, email: "ann@example.com", password: "secret-1")
        // Ann signs in with her email or her phone number; the number is set with the admin API.
        let update = try await Self.post(
            "http://\(address)/identitytoolkit.googleapis.com/v1/projects/demo-fauth-tui/accounts:update",
            ["localId": uid, "phoneNumber": "+16505551234"], owner: true)
        #expect(update["localId"] as? String == uid)
        let app = try openEnrolment(uid: uid, backend: "--emulator \(address) --providers email,phone", in: directory,
                                    size: (80, 24))
        // She protects the account with a text message to the same number, then signs out.
        try app.waitFor("› (•) Text message")
        try app.press("Enter", "Enter")
        try app.waitFor("› [Enter phone number")
        try app.type("6505551234")
        try app.press("Tab")
        try app.type("my phone")
        try app.press("Enter")
        try app.waitFor("We sent a code to +16505551234")
        try app.press("F2")
        try app.waitFor("Press Enter to use the link or code")
        try app.press("Enter")
        try app.waitFor("Text message to +•••••••1234 · Enrolled:")
        try app.press("Escape", "BTab", "BTab", "BTab", "Enter")
        try app.waitFor("Trouble signing in?")

        // Phone sign-in with that number is refused at "Send code", in words that say what to do. (Shift-Tab from
        // the email field reaches Cancel, then "Sign in with phone".)
        try app.press("BTab", "BTab", "Enter")
        try app.waitFor("Enter phone number")
        try app.type("(650) 555-1234")
        try app.press("Enter")
        let refused = try app.waitFor("This phone number belongs to an account protected")
        #expect(!refused.contains("Add an email address"))
        try app.press("Enter")
        try app.waitFor("(650) 555-1234")
        try app.press("C-c")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    /// On the open enrolment screen, enrols +16505551234 ("my phone") with the code from the inbox, signs out, and
    /// signs in again with the password and the text message's code; `beforeEachText` runs whenever a text message
    /// is asked for (a reCAPTCHA to solve first, say).
    private func enrolAPhoneThenSignInWithIt(_ app: TmuxSession, uid: String,
                                             beforeEachText: () throws -> Void = {}) throws {
        try app.waitFor("› (•) Text message")
        try app.press("Enter", "Enter")
        try app.waitFor("› [Enter phone number")
        try app.type("6505551234")
        try app.press("Tab")
        try app.type("my phone")
        try app.press("Enter")
        try beforeEachText()
        try app.waitFor("We sent a code to +16505551234")
        // The code from the inbox completes the enrolment.
        try app.press("F2")
        try app.waitFor("Press Enter to use the link or code")
        try app.press("Enter")
        try app.waitFor("Text message to +•••••••1234 · Enrolled:")

        // Sign out and in: the text message is the second factor; its code is read from the inbox.
        // Back on the account screen, Manage keeps the focus; Sign out is two actions below it.
        try app.press("Escape", "Tab", "Tab", "Enter")
        try app.waitFor("Trouble signing in?")
        try app.submitSignIn(email: "ann@example.com", password: "secret-1")
        try app.waitFor("Complete sign-in with your second factor")
        try app.press("Enter")
        try beforeEachText()
        try app.waitFor("We sent a code to")
        try app.press("F2")
        let inbox = try app.waitFor("Code: ")
        let code = try #require(inbox.firstMatch(of: /Code: ([0-9]{6})/)).1
        try app.press("Escape")
        try app.waitFor("[ Complete sign-in ]")
        try app.type(String(code))
        try app.press("Enter")
        try app.waitFor("User ID: \(uid)")
    }

    /// Ann signs in with her password, enrols an authenticator app from the key on screen, signs out, and signs
    /// in again with her password and the app's next code.
    private func enrolAnAuthenticatorAppThenSignInWithIt(uid: String, backend: String, in directory: URL) throws {
        // Tall and wide enough for the QR code beside the form.
        let app = try openEnrolment(uid: uid, backend: backend, in: directory, size: (110, 34))
        try app.waitFor("Get started")
        try app.press("Tab", "Enter", "Enter")
        let shown = try app.waitFor("Key to type by hand:")
        #expect(shown.contains("█▀▀▀▀▀█"), "the QR code's finder pattern is drawn")
        let grouped = try #require(shown.firstMatch(of: /(?:[A-Z2-7]{4} ){7}[A-Z2-7]{4}/)).0
        let secret = try #require(Base32.decode(grouped.replacingOccurrences(of: " ", with: "")))
        #expect(secret.count == 20)

        // tmux takes OSC 52, so the copy buttons come first, the key's with focus; then the name and the app's code.
        try app.waitFor("› [ Copy key ]")
        try app.press("Tab")
        try app.waitFor("› [ Copy URI ]")
        try app.press("Tab")
        try app.waitFor("› [A name for this phone or app")
        try app.type("laptop")
        try app.press("Tab")
        try app.type(try TOTP.code(secret: secret, at: Date()))
        try app.press("Enter")
        try app.waitFor("Authenticator app · Enrolled:")
        #expect(try app.screen().contains("laptop"))

        // Sign out, and back in: the password now asks for the app's code.
        // Back on the account screen, Manage keeps the focus; Sign out is two actions below it.
        try app.press("Escape", "Tab", "Tab", "Enter")
        try app.waitFor("Trouble signing in?")
        try app.submitSignIn(email: "ann@example.com", password: "secret-1")
        try app.waitFor("Complete sign-in with your second factor")
        try app.waitFor("Authenticator app (laptop)")
        // The enrolment used this time step's code: a code is accepted once, so the next step's is typed.
        try app.type(try TOTP.code(secret: secret, counter: TOTP.counter(at: Date()) + 1))
        try app.press("Enter")
        try app.waitFor("User ID: \(uid)")
        try app.press("C-c")
        try app.waitFor("Signed in as ann@example.com")
    }

    /// Starts `fauth-tui` with second factors on (issuer "Demo"), signs Ann in with her password and opens
    /// "Set up two-factor authentication" from the signed-in screen through the management screen.
    private func openEnrolment(uid: String, backend: String, in directory: URL, size: (width: Int, height: Int),
                               environment: [String: String] = [:]) throws -> TmuxSession {
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"mfaEnabled": true, "mfaIssuer": "Demo"}"#.utf8).write(to: config)
        let app = try TmuxSession(command: "\(binary) \(backend) --config \(config.path)", width: size.width,
                                  height: size.height,
                                  environment: ["LANG": "C.UTF-8", "HOME": directory.path].merging(environment) { $1 })
        try app.waitFor("Trouble signing in?")
        try app.submitSignIn(email: "ann@example.com", password: "secret-1")
        try app.waitFor("User ID: \(uid)")
        // The factor count is read after the sign-in; keys wait until it is shown. The account screen focuses
        // its first action (Update password); Manage is the third.
        try app.waitFor("Second factors enrolled: 0")
        try app.press("Tab", "Tab", "Enter")
        try app.waitFor("Set up two-factor authentication to add")
        try app.press("Enter")
        return app
    }

    /// A local store holding Ann's account with a verified email (enrolment needs one); returns its path and uid.
    static func createVerifiedLocalAccount(in directory: URL) throws -> (store: String, uid: String) {
        let store = directory.appendingPathComponent("local.sqlite").path
        var account = AccountChanges()
        account.email = "ann@example.com"
        account.password = "secret-1"
        account.isEmailVerified = true
        return (store, try LocalAuthEngine(path: store).createAccount(account).uid)
    }

    /// Signs up over REST and marks the email verified with the admin API; returns the uid.
    static func createVerifiedAccount(at address: String, email: String, password: String) async throws -> String {
        let signUp = try await post("http://\(address)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test",
                                    ["email": email, "password": password, "returnSecureToken": true])
        let uid = try #require(signUp["localId"] as? String)
        let update = try await post(
            "http://\(address)/identitytoolkit.googleapis.com/v1/projects/demo-fauth-tui/accounts:update",
            ["localId": uid, "emailVerified": true], owner: true)
        #expect(update["emailVerified"] as? Bool == true)
        return uid
    }

    private static func post(_ url: String, _ body: [String: Any], owner: Bool = false) async throws -> [String: Any] {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if owner { request.setValue("Bearer owner", forHTTPHeaderField: "Authorization") }
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
