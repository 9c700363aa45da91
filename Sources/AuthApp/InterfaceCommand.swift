import AuthCore
import AuthScreens
import Foundation
import Localization
import TerminalUI

/// `fauth-tui` itself: the full-screen interface, or plain mode (`--plain`, `TERM=dumb`, or a terminal that cannot
/// be set up), then the result line on standard output, as text or (`--json`) one JSON object.
@MainActor
enum InterfaceCommand {
    /// Runs the interface; 0 when someone is signed in, 1 when nobody is, 128 + n after signal n.
    static func run(service: AuthService, backend: Backend, theme: Theme, strings: Strings, options: LaunchOptions,
                    environment: [String: String]) async -> Int32 {
        let badge = FauthTUI.badge(for: backend.location, strings: strings, environment: environment)
        let country = FauthTUI.defaultCountry(service.configuration, environment: environment)
        let user: User?
        if options.isPlain || environment["TERM"] == "dumb" {
            let outcome = await runPlain(service: service, backend: backend, strings: strings, badge: badge,
                                         country: country, environment: environment)
            if let signal = outcome.signal { return 128 + signal }
            user = outcome.state.currentUser
        } else {
            let terminal: NcursesTerminal
            do {
                terminal = try NcursesTerminal(theme: theme, colors: (environment["NO_COLOR"] ?? "").isEmpty)
            } catch {
                let reason = TerminalErrorMessages.message(for: error, strings: strings)
                FauthTUI.printError(strings.format(.plainTerminalFallback, .string(reason)), strings: strings,
                                    environment: environment)
                return await run(service: service, backend: backend, theme: theme, strings: strings,
                                 options: options.plain, environment: environment)
            }
            let controller = AuthPickerController(service: service, inbox: backend.inbox, storage: backend.storage,
                                                  strings: strings, terminal: terminal, backendLabel: badge,
                                                  phoneNeedsAppVerification: backend.isLiveProject,
                                                  defaultCountry: country,
                                                  bidi: BidiSetting.mode(environment: environment))
            let final = await controller.run(exitAfterFirstFrame: options.exitAfterFirstFrame) {
                terminal.pendingTermination != nil
            }
            terminal.restore()
            if let signal = terminal.pendingTermination { return 128 + signal }
            if options.exitAfterFirstFrame { return 0 }
            user = final.currentUser
        }
        printResult(user, json: options.printsJSON, strings: strings, environment: environment)
        return user == nil ? 1 : 0
    }

    private static func runPlain(service: AuthService, backend: Backend, strings: Strings, badge: BackendBadge,
                                 country: Country, environment: [String: String]) async -> PlainController.Outcome {
        let console = Console(strings: strings, environment: environment)
        let lines = StandardLineConsole { console.prepared($0, for: STDERR_FILENO) }
        defer { lines.close() }
        let controller = PlainController(service: service, inbox: backend.inbox, storage: backend.storage,
                                         strings: strings, console: lines, backendLabel: badge,
                                         phoneNeedsAppVerification: backend.isLiveProject, defaultCountry: country)
        return await controller.run()
    }

    /// `Signed in as …`, or with `--json` the documented object (`{"signedIn":false}` when nobody is).
    private static func printResult(_ user: User?, json: Bool, strings: Strings, environment: [String: String]) {
        if json {
            ConsoleOutput.print(SessionJSON.encode(user.map(SessionJSON.user) ?? ["signedIn": false]))
            return
        }
        guard let user else { return }
        // The result line is for scripts too: no bidi isolates around the identity (see `Strings.format`).
        let result = user.isAnonymous ? strings.format(.signedInAsGuest, .string(user.uid))
            : strings.format(.signedInAs, .string(user.email ?? user.displayName ?? user.phoneNumber ?? user.uid))
        let plain = String(result.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }.map(Character.init))
        Console(strings: strings, environment: environment).printOut(plain)
    }
}

private extension LaunchOptions {
    /// The same options in plain mode.
    var plain: LaunchOptions {
        var options = self
        options.isPlain = true
        return options
    }
}
