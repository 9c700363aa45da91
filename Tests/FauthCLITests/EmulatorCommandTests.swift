@testable import FauthCLI
import AuthEmulator
import Localization
import Synchronization
import Testing

@Suite("fauth-tui emulator: its options, store files and request log")
struct EmulatorCommandTests {
    @Test("the emulator's own flags are read into its options")
    func flags() throws {
        let options = try LaunchOptions.parse(["emulator", "--import", "seed", "--export-on-exit=out", "--quiet",
                                               "--production-hashing"])
        #expect(options.command == .emulator)
        #expect(options.emulatorOptions.importDirectory == "seed" && options.emulatorOptions.exportDirectory == "out")
        #expect(options.emulatorOptions.isQuiet && options.emulatorOptions.productionHashing)
        #expect(try LaunchOptions.parse(["emulator"]).emulatorOptions == EmulatorOptions())
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["emulator", "--import"]) }
    }

    @Test("--strict turns on production's rules; off by default, and an option of the emulator only")
    func strict() throws {
        #expect(try LaunchOptions.parse(["emulator", "--strict"]).emulatorOptions.isStrict)
        #expect(!EmulatorOptions().isStrict)
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["--strict"]) }
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["emulator", "--strict=yes"]) }
    }

    @Test("--recent-login-max-age takes whole seconds above 0; the default is Firebase's five minutes")
    func recentLoginMaxAge() throws {
        #expect(EmulatorOptions().recentLoginMaxAge == 300)
        #expect(try LaunchOptions.parse(["emulator", "--recent-login-max-age", "5"]).emulatorOptions.recentLoginMaxAge
            == 5)
        for bad in ["0", "-3", "1.5", "soon"] {
            var expected = UsageError(.usageBadRecentLoginMaxAge)
            expected.command = .emulator
            #expect(throws: expected) { try LaunchOptions.parse(["emulator", "--recent-login-max-age", bad]) }
        }
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["--recent-login-max-age", "5"]) }
    }

    @Test("--single-project-mode takes warning, error or off; the default is the Firebase CLI's warning")
    func singleProjectMode() throws {
        #expect(EmulatorOptions().singleProjectMode == .warning)
        for mode in SingleProjectMode.allCases {
            #expect(try LaunchOptions.parse(["emulator", "--single-project-mode", mode.rawValue]).emulatorOptions
                .singleProjectMode == mode)
        }
        var expected = UsageError(.usageBadSingleProjectMode)
        expected.command = .emulator
        #expect(throws: expected) { try LaunchOptions.parse(["emulator", "--single-project-mode", "strict"]) }
    }

    @Test("single project mode WARNING warns once for each other project, in the emulator's language")
    func otherProjectWarning() {
        let written = Mutex<[String]>([])
        let warning = OtherProjectWarning(ownProject: "demo-a", strings: Strings.builtIn(language: "en")) { text in
            written.withLock { $0.append(text) }
        }
        warning.note(EmulatorScope(project: "demo-a"))
        warning.note(EmulatorScope(project: "demo-b"))
        warning.note(EmulatorScope(project: "demo-b", tenant: "t-1"))
        warning.note(EmulatorScope(project: "demo-c", tenant: "t-1"))
        #expect(written.withLock { $0 } == [
            "fauth-tui emulator: a request names project demo-b, but this emulator is configured for demo-a; serving "
                + "it anyway (--single-project-mode error refuses other projects, off silences this)",
            "fauth-tui emulator: a request names project demo-c, but this emulator is configured for demo-a; serving "
                + "it anyway (--single-project-mode error refuses other projects, off silences this)",
        ])
    }

    @Test("without --store every scope is in memory; with it the default project uses the file, others sit beside it")
    func storePaths() {
        let main = EmulatorScope(project: "demo-a")
        #expect(EmulatorCommand.storePath(nil, scope: main, defaultProject: "demo-a") == ":memory:")
        #expect(EmulatorCommand.storePath("/d/e.sqlite", scope: main, defaultProject: "demo-a") == "/d/e.sqlite")
        #expect(EmulatorCommand.storePath("/d/e.sqlite", scope: EmulatorScope(project: "demo-b", tenant: "t-1"),
                                          defaultProject: "demo-a") == "/d/e.sqlite.demo-b.t-1")
    }

    @Test("logged paths show control characters and non-ASCII escaped, and are cut at 200 characters")
    func printablePaths() {
        #expect(RequestLog.printable("/a\u{1B}]0;x\u{07}") == "/a\\u{1b}]0;x\\u{7}")
        #expect(RequestLog.printable("/é") == "/\\u{e9}")
        #expect(RequestLog.printable(String(repeating: "a", count: 300)).count == 200)
    }
}
