import Foundation
import Testing
import TestSupport

/// `make run`'s recipe: quitting without signing in is not a make error; real failures still are.
/// The build step is skipped (`-o build -o deps`) and a stand-in command plays fauth-tui's exit status.
@Suite struct MakeRunTests {
    private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    private func makeRun(playing command: String) throws -> SpawnResult {
        try spawnClean(["make", "-s", "-C", repository, "-o", "build", "-o", "deps", "run", "BIN_DEBUG=\(command)"])
    }

    @Test func quittingWithoutSigningInEndsWithoutAMakeError() throws {
        let result = try makeRun(playing: "false")
        #expect(result.status == 0)
        #expect(result.output.contains("fauth-tui: exit status 1 (not signed in)"))
        #expect(!result.output.contains("Error"))
    }

    @Test func signingInEndsQuietly() throws {
        let result = try makeRun(playing: "true")
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
    }

    @Test(arguments: ["sh -c 'exit 2'", "sh -c 'kill -SEGV $$'"])
    func aBadCommandLineOrACrashStaysAFailure(command: String) throws {
        let result = try makeRun(playing: command)
        #expect(result.status != 0)
        #expect(result.output.contains("make: ***"))
    }
}
