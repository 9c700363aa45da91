import AuthCore
import Foundation
import Testing
import TestSupport

/// The configured provisioning command in the real binary: shown while it runs, its failure with Retry, once
/// per sign-in across restarts.
@Suite(.serialized) struct ProvisioningScenarioTests {
    private let binary = productBinary("fauth-tui")

    /// A provisioning script that waits for `go`, fails the first time with a message, then logs its
    /// environment (one line per successful run).
    private func writeConfiguration(in directory: URL) throws -> String {
        let script = directory.appendingPathComponent("setup.sh")
        try writeExecutable("""
            #!/bin/sh
            cd '\(directory.path)'
            ls /proc/self/fd | tr '\\n' ' ' > descriptors.log
            n=0; while [ ! -e go ] && [ $n -lt 200 ]; do sleep 0.05; n=$((n+1)); done
            if [ ! -e failed-once ]; then
                touch failed-once
                echo 'contacting the quota server' >&2
                echo 'quota server unreachable' >&2
                exit 1
            fi
            echo "$FAUTH_USER_ID $FAUTH_EMAIL ${FAUTH_ID_TOKEN-no-token}" >> runs.log
            """, to: script.path)
        let configuration = directory.appendingPathComponent("config.json")
        try #"{"provisioning": "\#(script.path)"}"#.write(to: configuration, atomically: true, encoding: .utf8)
        return configuration.path
    }

    private func startApp(in directory: URL, configuration: String, language: String = "en") throws -> TmuxSession {
        let store = directory.appendingPathComponent("store.sqlite").path
        let command = "\(binary) --store \(store) --config \(configuration) --lang \(language)"
        return try TmuxSession(command: command, width: 80, height: 24,
                               environment: ["LANG": "C.UTF-8", "HOME": directory.path])
    }

    private func runs(in directory: URL) -> [String] {
        let log = (try? String(contentsOf: directory.appendingPathComponent("runs.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init)
    }

    @Test func runsBeforeTheSignedInScreenRetriesAfterAFailureAndOnlyOncePerSignIn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try writeConfiguration(in: directory)
        do {
            let app = try startApp(in: directory, configuration: configuration)
            try app.waitFor(" Enter ")
            try app.openSignUp()
            try app.submitSignUp(email: "alice@example.com", password: "secret-1")
            let busy = try app.waitFor("Setting up your account…")
            #expect(!busy.contains("Signed in!"))
            FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil)
            let failed = try app.waitFor("quota server unreachable")
            #expect(failed.contains("Account setup failed") && failed.contains("[ Retry ]")
                && failed.contains("[ Sign out ]") && failed.contains("Esc sign out"))
            try app.press("Enter")
            try app.waitFor("Signed in!")
            let logged = runs(in: directory)
            #expect(logged.count == 1)
            // The command inherits its standard streams only (3 is the folder `ls` reads), never the terminal.
            let descriptors = try String(contentsOf: directory.appendingPathComponent("descriptors.log"),
                                         encoding: .utf8)
            #expect(descriptors == "0 1 2 3 ")
            // The local backend gives the session's ID token too, issued to the user the command was told of.
            let fields = logged.first?.split(separator: " ") ?? []
            #expect(fields.count == 3 && fields[1] == "alice@example.com")
            let payload = fields.count == 3 ? fields[2].split(separator: ".") : []
            let claims = payload.count == 3 ? Base64URL.decode(payload[1]).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } : nil
            #expect(claims?["sub"] as? String == fields.first.map(String.init))
            try app.press("C-q")
            try app.waitFor("EXIT=0")
        }
        // The restored session was provisioned already: straight to the signed-in screen.
        let again = try startApp(in: directory, configuration: configuration)
        try again.waitFor("Signed in!")
        #expect(runs(in: directory).count == 1)
        // Signing out (the last control) and in again is a new sign-in: the command runs again.
        try again.press("BTab", "Enter")
        try again.waitFor("Sign in with Firebase")
        try again.submitSignIn(email: "alice@example.com", password: "secret-1")
        try again.waitFor("Signed in!")
        #expect(runs(in: directory).count == 2)
        try again.press("C-q")
        try again.waitFor("EXIT=0")
    }

    @Test func signOutFromTheFailureInGerman() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try writeConfiguration(in: directory)
        FileManager.default.createFile(atPath: directory.appendingPathComponent("go").path, contents: nil)
        let app = try startApp(in: directory, configuration: configuration, language: "de")
        try app.waitFor(" Enter ")
        try app.openSignUp(createAccount: "Konto erstellen")
        try app.submitSignUp(email: "bob@example.com", password: "secret-1")
        let failed = try app.waitFor("quota server unreachable")
        #expect(failed.contains("Einrichtung fehlgeschlagen"))
        try app.press("Escape")
        try app.waitFor("Mit Firebase anmelden")
        // The picker still holds the typed address: the first Esc asks (issue 13 item 4), the second quits.
        try app.press("Escape")
        try app.waitFor("Beenden?")
        try app.press("Escape")
        try app.waitFor("EXIT=1")
        #expect(runs(in: directory).isEmpty)
    }
}
