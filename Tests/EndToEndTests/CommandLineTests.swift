import Foundation
import Testing
import TestSupport

/// The non-interactive surface of the binary: help, version, usage errors and configuration errors.
@Suite struct CommandLineTests {
    private let binary = productBinary("fauth-tui")

    @Test func helpAndVersionExitZero() throws {
        let help = try spawnClean([binary, "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("fauth-tui inbox"))
        let version = try spawnClean([binary, "--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("fauth-tui "))
    }

    @Test func anUnknownFlagPrintsUsageAndExitsTwo() throws {
        let result = try spawnClean([binary, "--frobnicate"])
        #expect(result.status == 2)
        #expect(result.output.contains("unknown option --frobnicate"))
        #expect(result.output.contains("fauth-tui --help"))
    }

    @Test func aBadConfigurationNamesTheKeyAndExitsTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"emailLinkSignInActionCodeSettings": {"url": 42}}"#.utf8).write(to: file)
        let result = try spawnClean([binary, "--config", file.path, "--store", ":memory:"])
        #expect(result.status == 2)
        #expect(result.output.contains("emailLinkSignInActionCodeSettings.url: expected a string, found a number"))
    }

    @Test func theInterfaceRefusesToStartWithoutATerminal() throws {
        // setsid detaches the process from any controlling terminal the test run has.
        let result = try spawnClean(["setsid", "-w", binary, "--store", ":memory:"])
        #expect(result.status == 1)
        #expect(result.output.contains("there is no terminal to draw on"))
        #expect(result.output.contains("Couldn't start the terminal interface"))
    }

    @Test func aStorePathThatIsASymbolicLinkIsRefusedInThePersonsLanguage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("store.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")

        let english = try spawnClean([binary, "--store", link, "inbox"])
        #expect(english.status == 1)
        #expect(english.output.contains("The account store \(link) is a symbolic link"))
        let german = try spawnClean([binary, "--lang", "de", "--store", link, "inbox"])
        #expect(german.output.contains("Der Kontospeicher \(link) ist ein symbolischer Link"))
    }
}
