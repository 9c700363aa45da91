import Foundation
import Testing
import TestSupport

/// `fauth-tui --emulator` against `fauth-tui emulator`, both real processes on loopback.
@Suite(.serialized) struct EmulatorScenarioTests {
    private let scenario = SignInScenarioTests()
    private let binary = productBinary("fauth-tui")

    @Test func signUpEmailLinkSignOutAndSignInOverREST() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("emulator.sqlite").path
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store \(store)", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description

        let command = "\(binary) --emulator \(address) --providers email,emailLink"
        let app = try TmuxSession(command: command, environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        try app.waitFor(" Tab ")
        try app.waitFor("Firebase emulator")
        try app.openSignUp()
        try app.submitSignUp(email: "eve@example.com", password: "secret-1")
        let signedUp = try app.waitFor("User ID: ")
        let uid = try #require(signedUp.firstMatch(of: /User ID: ([A-Za-z0-9]+)/)).1.description

        // Sign out, then sign in by email link read from the emulator's oobCodes.
        try app.press("BTab", "Enter")  // Sign out is the last control
        try app.waitFor("Sign in with email link")
        try app.type("eve@example.com")
        try app.press("BTab", "BTab", "Enter")
        try app.sendAndUseSignInLink()
        try app.waitFor("User ID: \(uid)")

        // Sign out and back in with the password.
        try app.press("BTab", "Enter")  // Sign out is the last control
        try app.waitFor("Trouble signing in?")
        try app.submitSignIn(email: "eve@example.com", password: "secret-1")
        try app.waitFor("User ID: \(uid)")
        try app.press("C-c")
        try app.waitFor("Signed in as eve@example.com")

        // Scripts see the same session.
        let port = try #require(Int(address.split(separator: ":").last ?? ""))
        let session = ["LANG": "C.UTF-8", "HOME": directory.path]
        let status = try spawnClean([binary, "status", "--json", "--emulator", address], environment: session)
        #expect(status.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])
        #expect(object["uid"] as? String == uid && object["email"] as? String == "eve@example.com")
        #expect(object["signInProvider"] as? String == "password")
        #expect(object["secondFactors"] as? [Any] != nil)
        let backend = try #require(object["backend"] as? [String: Any])
        #expect(backend["kind"] as? String == "emulator" && backend["port"] as? Int == port)
        let text = try spawnClean([binary, "whoami", "--emulator", address], environment: session)
        #expect(text.output.hasPrefix("Signed in as eve@example.com\nUser ID: \(uid)\n"))
        // The email link verified the address.
        #expect(text.output.contains("Sign-in methods: Password\nEmail verified\nSecond factors: none\n"
                                     + "ID token valid until "))
        // The expiry status reports is the stored token's, an hour after it was issued.
        let expiry = try #require((object["tokenExpiresAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
        #expect(expiry > Date() && expiry <= Date().addingTimeInterval(3_600))
        for refresh in [[], ["--force-refresh"]] {
            let token = try spawnClean([binary, "token", "--emulator", address] + refresh, environment: session)
            #expect(token.status == 0)
            let claims = try jwtClaims(token.output.trimmingCharacters(in: .newlines))
            #expect(claims["user_id"] as? String == uid && claims["email"] as? String == "eve@example.com")
            if refresh.isEmpty { #expect(claims["exp"] as? Int == Int(expiry.timeIntervalSince1970)) }
        }
        let signOut = try spawnClean([binary, "signout", "--emulator", address], environment: session)
        #expect(signOut.status == 0 && signOut.output == "Signed out.\n")
        #expect(try spawnClean([binary, "status", "--emulator", address], environment: session).status == 1)
        let noToken = try spawnClean([binary, "token", "--emulator", address], environment: session)
        #expect(noToken.status == 1 && noToken.output == "Nobody is signed in.\n")

        // The emulator shuts down cleanly on Ctrl-C (SIGINT).
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func recentLoginMaxAgeIsTheEmulatorsFlag() throws {
        // Long enough that a loaded machine uses a fresh sign-in well inside it (tokens count whole seconds).
        let maxAge = 8
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --recent-login-max-age \(maxAge)",
                                       width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        #expect(banner.contains("(scrypt N=2^4)"), "the banner names the cheap cost the emulator uses")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        func post(_ operation: String, _ body: String) throws -> String {
            let url = "http://\(address)/identitytoolkit.googleapis.com/v1/accounts:\(operation)?key=k"
            return try spawnClean(["curl", "-sS", "--max-time", "10", "-H", "Content-Type: application/json",
                                   "-d", body, url]).output
        }
        let signUp = try post("signUp", #"{"email":"eve@example.com","password":"secret-1"}"#)
        let token = try #require(signUp.firstMatch(of: /"idToken" *: *"([^"]+)"/)).1.description
        // Real time has to pass for a real emulator: until the sign-in the token records is older than the flag.
        let tooOld = try Self.authTime(of: token).addingTimeInterval(TimeInterval(maxAge + 1))
        Thread.sleep(until: tooOld)
        #expect(try post("delete", #"{"idToken":"\#(token)"}"#).contains("CREDENTIAL_TOO_OLD_LOGIN_AGAIN"))
        let again = try post("signInWithPassword", #"{"email":"eve@example.com","password":"secret-1"}"#)
        let fresh = try #require(again.firstMatch(of: /"idToken" *: *"([^"]+)"/)).1.description
        #expect(!(try post("delete", #"{"idToken":"\#(fresh)"}"#).contains("error")))
        #expect(try post("signInWithPassword", #"{"email":"eve@example.com","password":"secret-1"}"#)
            .contains(#""error""#))
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    /// Issue 28: a guest's email link for an account with a second factor (the emulator answers it with a pending
    /// credential) ends the guest session once confirmed, then asks for the factor; the texted code signs in.
    @Test func anEmailLinkToAnAccountWithASecondFactorAsksForIt() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0", width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let url = "http://\(address)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"
        let body = #"{"email":"ann@example.com","password":"secret-1","mfaInfo":[{"phoneInfo":"+15555550100"}]}"#
        let signUp = try spawnClean(["curl", "-sS", "--max-time", "10", "-H", "Content-Type: application/json",
                                     "-d", body, url]).output
        let uid = try #require(signUp.firstMatch(of: /"localId" *: *"([^"]+)"/)).1.description
        let configuration = directory.appendingPathComponent("config.json")
        try Data(#"{"shouldAutoUpgradeAnonymousUsers": true}"#.utf8).write(to: configuration)

        let command = "\(binary) --emulator \(address) --providers emailLink,anonymous --config \(configuration.path)"
        let app = try TmuxSession(command: command, environment: ["LANG": "C.UTF-8", "HOME": directory.path])
        try app.waitFor("Continue as guest")
        try app.press("Tab", "Enter")
        try app.waitFor("You're using a guest account")
        try app.press("Enter")
        try app.waitFor("Send a sign-in link to your email")
        try app.type("ann@example.com")
        try app.sendAndUseSignInLink()
        try app.waitFor("Account already exists")
        try app.press("Tab", "Enter")  // Continue
        try app.waitFor("Complete sign-in with your second factor")
        try app.press("Enter")  // Send code
        try app.waitFor("We sent a code to")
        try app.press("F2")
        try app.waitFor("Text message with your code")
        try app.press("Enter")
        try app.waitFor("User ID: \(uid)")
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    /// The `auth_time` claim of an ID token: when its interactive sign-in happened, in whole seconds.
    private static func authTime(of idToken: String) throws -> Date {
        let parts = idToken.split(separator: ".")
        var payload = try #require(parts.dropFirst().first).replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let data = try #require(Data(base64Encoded: payload))
        let claims = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return Date(timeIntervalSince1970: try #require(claims["auth_time"] as? Double))
    }

    @Test func tokensAreUnsignedUnlessStrict() throws {
        for (flag, algorithm) in [("", "none"), (" --strict", "HS256")] {
            let emulator = try TmuxSession(command: "\(binary) emulator --port 0\(flag)", width: 160, height: 10)
            let banner = try emulator.waitFor("listening on http://")
            let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
            let signUp = try spawnClean(["curl", "-sS", "--max-time", "10", "-H", "Content-Type: application/json",
                                         "-d", #"{"email":"eve@example.com","password":"secret-1"}"#,
                                         "http://\(address)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"])
            let token = try #require(signUp.output.firstMatch(of: /"idToken" *: *"([^"]+)"/)).1.description
            #expect(try jwtPart(token, 0)["alg"] as? String == algorithm, "emulator\(flag)")
            try emulator.press("C-c")
            try emulator.waitFor("EXIT=0")
        }
    }

    @Test func theInboxNamesTheProjectItAskedFor() throws {
        let emulator = try TmuxSession(command: "\(binary) emulator --port 0 --store :memory: --project demo-x",
                                       width: 160, height: 10)
        let banner = try emulator.waitFor("listening on http://")
        let address = try #require(banner.firstMatch(of: /127\.0\.0\.1:[0-9]+/)).0.description
        let environment = ["LANG": "C.UTF-8"]

        let wrong = try spawnClean([binary, "inbox", "--emulator", address], environment: environment)
        #expect(wrong.status == 1)
        #expect(wrong.output.hasPrefix("The emulator at \(address) has no inbox for project demo-fauth-tui ("))
        #expect(wrong.output.contains("this emulator serves project demo-x"))
        #expect(wrong.output.hasSuffix("If it serves another project, name it with --project.\n"))
        #expect(!wrong.output.contains("INTERNAL_ERROR"))

        let right = try spawnClean([binary, "inbox", "--emulator", address, "--project", "demo-x"],
                                   environment: environment)
        #expect(right.status == 0 && right.output.isEmpty)
        try emulator.press("C-c")
        try emulator.waitFor("EXIT=0")
    }

    @Test func theAppSaysSoWhenTheEmulatorIsNotThere() throws {
        let directory = try scenario.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A port nothing listens on: every call is refused.
        let app = try TmuxSession(command: "\(binary) --emulator 127.0.0.1:9", environment: ["LANG": "C.UTF-8",
                                                                                        "HOME": directory.path])
        try app.waitFor(" Tab ")
        try app.submitSignIn(email: "eve@example.com", password: "secret-1")
        try app.waitFor("Couldn't reach the server")
        try app.press("Enter")
        let form = try app.waitFor("[eve@example.com")
        #expect(form.contains("[••••••••"), "what was typed is kept")
    }
}

/// The claims (second, base64url part) of a JWT.
private func jwtClaims(_ jwt: String) throws -> [String: Any] {
    try jwtPart(jwt, 1)
}

/// The JSON object of part `index` of a JWT (0 the header, 1 the claims); an unsigned one ends with an empty part.
private func jwtPart(_ jwt: String, _ index: Int) throws -> [String: Any] {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    try #require(parts.count == 3, "not a JWT: \(jwt)")
    var base64 = parts[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let data = try #require(Data(base64Encoded: base64))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
