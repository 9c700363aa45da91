import AuthCore
import Foundation
import LocalAuth
import Localization
import Testing
import TestSupport
@testable import FauthTUI

/// Plain mode end to end on the local backend, answers scripted: the transcripts are golden files.
@MainActor
@Suite struct PlainControllerTests {
    private func run(_ answers: [String], client: LocalAuthClient, language: String = "en")
        async -> (PlainController.Outcome, ScriptedLineConsole) {
        let console = ScriptedLineConsole(answers: answers)
        let service = AuthService(client: client).withEmailSignIn()
        let controller = PlainController(service: service, inbox: client, strings: .builtIn(language: language),
                                         console: console, backendLabel: "local: :memory:")
        return (await controller.run(), console)
    }

    /// User IDs are random; the transcript names them by role.
    private func stable(_ transcript: String) -> String {
        transcript.replacing(/User ID: [A-Za-z0-9]+/, with: "User ID: <uid>")
    }

    @Test func signUpThenSignOut() async throws {
        let client = try LocalAuthClient(path: ":memory:")
        let (outcome, console) = await run(["5", "1", "ada@example.com", "secret1", "secret1", "4", "5"],
                                           client: client)
        assertSnapshot(text: stable(console.transcript), named: "plain-sign-up-then-sign-out")
        #expect(outcome.signal == nil && outcome.state.currentUser == nil)
        #expect(console.secretReads == 2)
        #expect(!console.transcript.contains("secret1"))
        #expect(try await client.currentUser() == nil)
    }

    @Test func aWrongPasswordIsToldThenTheRightOneSignsIn() async throws {
        let client = try LocalAuthClient(path: ":memory:")
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        let answers = ["1", "ada@example.com", "wrong-password", "4", "x", "9", "1", "2", "secret1", "4"]
        let (outcome, console) = await run(answers, client: client)
        assertSnapshot(text: stable(console.transcript), named: "plain-wrong-password-then-sign-in")
        #expect(outcome.state.currentUser?.email == "ada@example.com")
        #expect(console.answers.isEmpty)
        #expect(!console.transcript.contains("wrong-password") && !console.transcript.contains("secret1"))
    }

    @Test func theInboxIsAListAndAResetLinkIsUsedFromIt() async throws {
        let client = try LocalAuthClient(path: ":memory:")
        _ = try await client.createUser(email: "ada@example.com", password: "secret1")
        try await client.signOut()
        // Email, then "Trouble signing in?" (3), send (2), OK (1) on "Check your email", F2 (6), the message (1).
        let (outcome, console) = await run(["1", "ada@example.com", "", "3", "2", "1", "6", "1"], client: client)
        #expect(outcome.state.currentUser == nil)
        #expect(console.transcript.contains("Check your email"))
        #expect(console.transcript.contains("Inbox\n  1) Reset your password\n"))
        // Using the message puts its code into the reset form, which is shown again.
        let last = try #require(console.transcript.components(separatedBy: "\n\n").last)
        #expect(last.hasPrefix("Recover password\n"))
        #expect(last.contains("1) Link or code from the email: ") && !last.contains("(empty)\n  2)"))
    }

    @Test func theEndOfTheInputQuitsLikeCtrlC() async throws {
        let client = try LocalAuthClient(path: ":memory:")
        let (outcome, console) = await run([], client: client, language: "de")
        #expect(outcome.signal == nil && outcome.state.currentUser == nil)
        #expect(console.transcript.contains("Auswahl (1–8): \n"))
    }
}
