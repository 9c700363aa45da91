import Foundation
import Testing
import TestSupport

/// The non-interactive surface of the binary: help, version, usage errors and configuration errors.
@Suite struct CommandLineTests {
    private let binary = productBinary("fauth-tui")

    private let english = ["LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]

    @Test func helpAndVersionExitZero() throws {
        let help = try spawnClean([binary, "--help"], environment: english)
        #expect(help.status == 0)
        for line in ["  inbox ", "  emulator ", "  strings ", "  --api-key KEY ", "  --emulator HOST:PORT ",
                     "  --project ID "] {
            #expect(help.output.contains(line))
        }
        let version = try spawnClean([binary, "--version"], environment: english)
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("fauth-tui "))
    }

    @Test(arguments: [
        (["emulator", "--help"], "fauth-tui emulator: ", "  --port PORT "),
        (["inbox", "-h"], "fauth-tui inbox: ", "  --emulator HOST:PORT "),
        (["strings", "--help"], "fauth-tui strings: ", "  check "),
        (["strings", "check", "--help"], "fauth-tui strings check: ", "  --builtin "),
    ])
    func everySubcommandHasItsOwnHelp(arguments: [String], start: String, line: String) throws {
        let result = try spawnClean([binary] + arguments, environment: english)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(start))
        #expect(result.output.contains(line))
    }

    @Test func helpIsTranslated() throws {
        let result = try spawnClean([binary, "emulator", "--help"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(result.status == 0)
        #expect(result.output.contains("オプション："))
        #expect(result.output.contains("待ち受けるポート"))
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option --frobnicate", "'fauth-tui --help'"),
        (["--port", "9"], "--port is an option of 'fauth-tui emulator'", "'fauth-tui --help'"),
        (["emulator", "--theme", "x"], "--theme is an option of 'fauth-tui'", "'fauth-tui emulator --help'"),
        (["--emulator", "nonsense"], "emulator address \"nonsense\" is not HOST:PORT", "'fauth-tui --help'"),
        (["--theme", "bogus", "--store", ":memory:"], "no theme \"bogus\": give a built-in name (default, high-contrast)",
         "'fauth-tui --help'"),
        (["strings", "check"], "check takes one bundle PATH or --builtin", "'fauth-tui strings check --help'"),
        (["--api-key", ""], "--api-key needs a value", "'fauth-tui --help'"),
        (["status", "--api-key= "], "--api-key needs a value", "'fauth-tui status --help'"),
        (["--emulator", "127.0.0.1:9", "--store", "x.sqlite"], "--store cannot be combined with --emulator or --api-key",
         "'fauth-tui --help'"),
    ])
    func aBadCommandLineSaysWhatIsWrongAndExitsTwo(arguments: [String], message: String, hint: String) throws {
        let result = try spawnClean([binary] + arguments, environment: english)
        #expect(result.status == 2)
        #expect(result.output.contains("fauth-tui: \(message)"))
        #expect(result.output.contains("Run \(hint) for usage."))
    }

    /// A host other than loopback without `--allow-remote` is a bad command line too: exit 2, before listening.
    @Test func aRemoteEmulatorHostWithoutAllowRemoteExitsTwo() throws {
        let result = try spawnClean([binary, "emulator", "--host", "0.0.0.0", "--port", "0"], environment: english)
        #expect(result.status == 2)
        #expect(result.output.contains("not a loopback address (add --allow-remote to allow it)"))
    }

    @Test func aBadThemeFileExitsTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).theme")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("title = nocolour\n".utf8).write(to: file)
        let result = try spawnClean([binary, "--theme", file.path, "--store", ":memory:"], environment: english)
        #expect(result.status == 2)
        #expect(result.output.contains("unusable theme file: \(file.path):1: unknown colour 'nocolour'"))
    }

    @Test func aStoreInAMissingFolderIsRefusedAndNothingIsCreated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        let store = folder.appendingPathComponent("dir/x.sqlite").path
        for arguments in [["--store", store], ["inbox", "--store", store], ["emulator", "--port", "0", "--store", store]] {
            let result = try spawnClean([binary] + arguments, environment: english)
            #expect(result.status == 2)
            #expect(result.output.contains("the folder \(folder.path)/dir does not exist"))
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }
    }

    @Test func anUnusableStoreGivenOnTheCommandLineExitsTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(repeating: 0x41, count: 4096).write(to: file)
        let result = try spawnClean([binary, "inbox", "--store", file.path], environment: english)
        #expect(result.status == 2)
        #expect(result.output.contains("\(file.path) is not an account store (not an SQLite database)"))
    }

    @Test func theDefaultStoresFoldersAreCreated() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try spawnClean([binary, "inbox"], environment: english.merging(["HOME": home.path]) { $1 })
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: home.path + "/.local/share/fauth-tui/local.sqlite"))
    }

    @Test func anInboxWithoutItsEmulatorSaysWhatToDo() throws {
        // A port nothing listens on.
        let result = try spawnClean([binary, "inbox", "--emulator", "127.0.0.1:9"], environment: english)
        #expect(result.status == 1)
        #expect(result.output == "Couldn't reach the emulator at 127.0.0.1:9. Start it (fauth-tui emulator) or check "
                + "the emulator address.\n")
    }

    @Test func settingsThatDoNothingAreWarnedAboutOnceBeforeTheInterface() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"languageCode": "xx", "tosUrl": "https://example.com/tos", "providers": ["google", "google"]}"#
            .utf8).write(to: file)
        let result = try spawnClean(["setsid", "-w", binary, "--lang", "tlh", "--config", file.path,
                                     "--store", ":memory:"], environment: english)
        let expected = [
            "fauth-tui: warning: providers lists google more than once; it is offered once",
            "fauth-tui: warning: --lang asks for language \"tlh\", which has no strings; showing en",
            "fauth-tui: warning: languageCode asks for language \"xx\", which has no strings; showing en",
            "fauth-tui: warning: tosUrl is set without privacyPolicyUrl; the Terms of Service line needs both and is "
                + "not shown",
        ]
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == expected)
        #expect(lines.dropFirst(4).first?.hasPrefix("The full-screen interface cannot start (") == true)
        let providers = try spawnClean(["setsid", "-w", binary, "--providers", "email,phone,email,email",
                                        "--store", ":memory:"], environment: english)
        #expect(providers.output.components(separatedBy: "lists email more than once").count == 2)
    }

    /// Issue 13 item 19: a strings bundle can bring a right-to-left language fauth-tui cannot draw whole; Syriac
    /// letters cannot be joined in a terminal, which is said before the interface starts.
    @Test func aLanguageWhoseLettersCannotBeJoinedIsWarnedAbout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("syr.lproj")
        try FileManager.default.createDirectory(at: table, withIntermediateDirectories: true)
        try Data(#""Email" = "ܒܝܠܕܪܐ";"#.utf8).write(to: table.appendingPathComponent("Localizable.strings"))
        let result = try spawnClean(["setsid", "-w", binary, "--strings", directory.path, "--lang", "syr",
                                     "--store", ":memory:"], environment: english)
        // Text arguments of a right-to-left language come wrapped in bidi isolates (`Strings.format`).
        let plain = String(result.output.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }.map(Character.init))
        #expect(plain.hasPrefix("fauth-tui: warning: language \"syr\" is drawn right to left, but its letters stay "
                                 + "apart: a terminal cannot join the letters of its script\n"), "\(plain.debugDescription)")
    }

    @Test func aBadConfigurationNamesTheKeyAndExitsTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"emailLinkSignInActionCodeSettings": {"url": 42}}"#.utf8).write(to: file)
        let result = try spawnClean([binary, "--config", file.path, "--store", ":memory:"])
        #expect(result.status == 2)
        #expect(result.output.contains("emailLinkSignInActionCodeSettings.url: expected a string, found a number"))
    }

    @Test func withoutATerminalTheInterfaceSaysWhyAndAsksInPlainLines() throws {
        // setsid detaches the process from any controlling terminal the test run has; stdin is /dev/null.
        let result = try spawnClean(["setsid", "-w", binary, "--store", ":memory:"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("The full-screen interface cannot start (there is no terminal to draw on"))
        #expect(result.output.contains("so plain mode is used.\n"))
        #expect(result.output.contains("Choose (1–8): "))
    }

    @Test func aStorePathThatIsASymbolicLinkIsRefusedInThePersonsLanguage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("store.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")

        let english = try spawnClean([binary, "--store", link, "inbox"])
        #expect(english.status == 2)  // a store named on the command line that cannot be used
        #expect(english.output.contains("The account store \(link) is a symbolic link"))
        let german = try spawnClean([binary, "--lang", "de", "--store", link, "inbox"])
        #expect(german.output.contains("Der Kontospeicher \(link) ist ein symbolischer Link"))
    }
}
