import AuthCore
import AuthFlow
import FirebaseAuthREST
import Foundation
import Glibc
import HTTPServer
import LocalAuth
import Localization
import TerminalUI
import Testing
@testable import FauthTUI

@MainActor
@Suite struct AuthPickerControllerTests {
    private func controller(_ terminal: TestTerminal) throws -> AuthPickerController {
        let client = try LocalAuthClient(path: ":memory:")
        let service = AuthService(client: client).withEmailSignIn()
        return AuthPickerController(service: service, inbox: client, strings: .builtIn(language: "en"),
                                    terminal: terminal, backendLabel: "local")
    }

    @Test func theFirstFrameShowsThePickerOnceTheSessionIsLoaded() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        let final = try await controller(terminal).run(exitAfterFirstFrame: true)
        #expect(final.operation == nil)
        let screen = try #require(terminal.lastFrame).textLines().joined(separator: "\n")
        #expect(screen.contains("Sign in with Firebase"))
        #expect(screen.contains("local"))
    }

    /// Issue 12: a busy "Checking your session" frame flashed by before the picker at every start.
    @Test func aSessionReadAtOnceIsNotPrecededByABusyFrame() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        _ = try await controller(terminal).run(exitAfterFirstFrame: true, sessionWait: .seconds(60))
        #expect(terminal.frameCount == 1)
        #expect(terminal.lastFrame?.textLines().joined().contains("Sign in with Firebase") == true)
    }

    /// The local store is checked once the first frame is up, before any key; a damaged one ends the loop there.
    @Test func workLeftForAfterTheFirstFrameRunsOnceThenAndCanEndTheLoop() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        var framesSeen: [Int] = []
        _ = try await controller(terminal).run(afterFirstFrame: {
            framesSeen.append(terminal.frameCount)
            return false
        })
        #expect(framesSeen == [1])
        #expect(terminal.lastFrame?.textLines().joined().contains("Sign in with Firebase") == true)

        let going = TestTerminal(size: Size(width: 80, height: 24))
        var calls = 0
        var turns = 0
        let final = try await controller(going).run(shouldStop: {
            turns += 1
            if turns == 1 { going.enqueue([.character("a")]) }
            return turns > 2
        }, afterFirstFrame: {
            calls += 1
            return true
        })
        #expect(calls == 1)
        #expect(going.frameCount == 2, "the loop went on to draw the typed key")
        #expect(final.picker?.email.text == "a")
    }

    /// Issue 31 item 7: the loop measures the screen before a frame and before a scroll key, so on a picker taller
    /// than a 30x10 terminal, with the focus on its last control, PgUp scrolls up to the logo and stops at the top.
    @Test func pageUpOnATallScreenScrollsToWhatIsAboveTheFocusedControl() async throws {
        let terminal = TestTerminal(size: Size(width: 30, height: 10))
        var turns = 0
        let final = try await controller(terminal).run(shouldStop: {
            turns += 1
            if turns == 1 { terminal.enqueue([.backTab, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp]) }
            return turns > 8
        }, afterFirstFrame: { true })
        #expect(final.picker?.focus == .cancelButton)
        #expect(final.scroll.viewport?.firstRow == 0 && final.scroll.firstRow == 0)
        let screen = try #require(terminal.lastFrame).textLines()
        #expect(screen[1].contains("▄▄") && !screen.joined().contains("Cancel"), "\(screen)")
    }

    @Test func aSlowSessionShowsTheBusyFrameAfterAShortWait() async throws {
        // A Firebase session saved earlier is confirmed with the server first; this server takes 300 ms to answer.
        let server = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
            usleep(300_000)
            return .jsonError(status: 400, message: "INVALID_ID_TOKEN")
        }
        try server.start()
        defer { server.stop() }
        let saved = PersistedSession(idToken: "id", refreshToken: "refresh", expiresAt: .distantFuture,
                                     user: User(uid: "u1", email: "a@example.com"))
        let client = FirebaseAuthClient(endpoint: .emulator(host: "127.0.0.1", port: Int(server.port),
                                                            projectID: "demo-slow"),
                                        sessionStore: MemorySessionStore(saved))
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        let controller = AuthPickerController(service: AuthService(client: client).withEmailSignIn(), inbox: nil,
                                              strings: .builtIn(language: "en"), terminal: terminal)
        var screens: [String] = []
        _ = await controller.run(exitAfterFirstFrame: true, sessionWait: .milliseconds(50)) {
            if let screen = terminal.lastFrame?.textLines().joined(), screens.last != screen { screens.append(screen) }
            return false
        }
        #expect(screens.first?.contains("Checking your session") == true)
        #expect(terminal.lastFrame?.textLines().joined().contains("Sign in with Firebase") == true)
    }

    @Test func anIdleScreenIsNotDrawnAgain() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        var framesWhenIdle: Int?
        var idleTurns = 0
        _ = try await controller(terminal).run {
            // Once the picker is up and idle (its footer offers Tab), count twenty more turns of the loop.
            if framesWhenIdle == nil, terminal.lastFrame?.textLines().joined().contains("Tab next") == true {
                framesWhenIdle = terminal.frameCount
            }
            if framesWhenIdle != nil { idleTurns += 1 }
            return idleTurns > 20
        }
        #expect(terminal.frameCount == framesWhenIdle, "an idle turn drew a frame")
    }

    /// Regression (issue 9): every key drew a whole frame, so a burst of typed input took minutes to handle.
    @Test func aBurstOfKeysIsDrawnOnceAllAreHandled() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        var framesBeforeBurst: Int?
        let final = try await controller(terminal).run {
            if framesBeforeBurst == nil, terminal.lastFrame?.textLines().joined().contains("Tab next") == true {
                framesBeforeBurst = terminal.frameCount
                terminal.enqueue(Array(repeating: .character("a"), count: 300))
                return false
            }
            // Stop at the first frame after the burst.
            return framesBeforeBurst.map { terminal.frameCount > $0 } ?? false
        }
        #expect(final.picker?.email.text == String(repeating: "a", count: 300))
        #expect(terminal.frameCount - (framesBeforeBurst ?? 0) == 1)
        #expect(terminal.lastFrame?.textLines().joined().contains("aaaa") == true)
    }

    @Test func ctrlZSuspendsCtrlLRedrawsAndCtrlCQuits() async throws {
        let terminal = TestTerminal(size: Size(width: 40, height: 12))
        terminal.enqueue([.control("z"), .control("l"), .control("c")])
        let final = try await controller(terminal).run()
        #expect(terminal.suspendCount == 1)
        #expect(terminal.redrawCount == 1)
        #expect(terminal.pendingKeys.isEmpty)
        #expect(final.authenticationState == .unauthenticated)
    }

    @Test func typedKeysReachTheFocusedField() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        let controller = try controller(terminal)
        _ = await controller.run(exitAfterFirstFrame: true)
        for key: Key in [.character("a"), .paste("@x.ioo\n"), .backspace, .left, .control("e")] { controller.handle(key) }
        #expect(controller.state.picker?.email.text == "a@x.io")
        #expect(controller.frame().textLines().joined().contains("[a@x.io"))
    }

    /// Regression: Esc stopped waiting but the call's task ran on.
    @Test func escCancelsTheTaskOfTheCallItAbandons() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        let controller = try controller(terminal)
        _ = await controller.run(exitAfterFirstFrame: true)
        for key: Key in [.paste("a@example.com"), .tab, .paste("secret-1"), .enter] { controller.handle(key) }
        let operation = try #require(controller.state.operation)
        #expect(controller.runningOperationIDs == [operation.id])
        controller.handle(.escape)
        #expect(controller.state.operation == nil)
        #expect(controller.runningOperationIDs.isEmpty)
    }

    /// Regression (issue 13 item 5): keys typed while "terminal too small" was shown edited the hidden form.
    @Test func whileTheTerminalIsTooSmallOnlyQuitAndRedrawAct() async throws {
        let terminal = TestTerminal(size: Size(width: 80, height: 24))
        let controller = try controller(terminal)
        _ = await controller.run(exitAfterFirstFrame: true)
        terminal.resize(to: Size(width: 25, height: 8))
        for key: Key in [.character("x"), .paste("yz"), .tab, .enter, .escape, .control("l")] { controller.handle(key) }
        #expect(controller.state.picker?.email.text == "")
        #expect(controller.state.picker?.focus == .emailField)
        #expect(controller.state.operation == nil)
        #expect(terminal.redrawCount == 1)
        terminal.resize(to: Size(width: 80, height: 24))
        controller.handle(.character("a"))
        #expect(controller.state.picker?.email.text == "a", "keys act again once the screen fits")
    }

    /// Issue 13 item 8: F1 (or ? where no field takes it) shows every key; any of Esc, Enter, F1, ? hides it.
    @Test func f1ShowsTheKeyListAndEscHidesIt() async throws {
        let terminal = TestTerminal(size: Size(width: 40, height: 12))
        let controller = try controller(terminal)
        _ = await controller.run(exitAfterFirstFrame: true)
        controller.handle(.character("?"))
        #expect(controller.state.picker?.email.text == "?", "a text field takes ? as typing")
        let picker = controller.state.picker
        controller.handle(.function(1))
        var screen = controller.frame().textLines().joined(separator: "\n")
        #expect(screen.contains("Keys") && screen.contains("Shift-Tab") && screen.contains("Esc dismiss"))
        #expect(controller.state.topLayer?.feature is About.State)
        let before = controller.state
        controller.handle(.tab)
        controller.handle(.character("x"))
        #expect(controller.state == before, "keys other than closing ones do nothing while the list is shown")
        controller.handle(.escape)
        screen = controller.frame().textLines().joined(separator: "\n")
        #expect(!screen.contains("Shift-Tab"))
        #expect(controller.state.presentation.isEmpty && controller.state.picker == picker,
                "Esc closed the list and went no further")
        for key: Key in [.tab, .tab, .tab, .character("?")] { controller.handle(key) }
        #expect(controller.frame().textLines().joined().contains("Keys"), "? opens the list on a button")
        controller.handle(.character("?"))
        #expect(!controller.frame().textLines().joined().contains("Ctrl-L"))
    }
}
