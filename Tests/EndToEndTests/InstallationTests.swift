import Foundation
import Testing
import TestSupport

/// What installing the binary relies on: `--version` naming the commit, manual pages that lint clean, and a clear
/// message (exit 1) when a library opened on demand is missing.
@Suite struct InstallationTests {
    private let binary = productBinary("fauth-tui")
    private let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func versionNamesTheCommitBuilt() throws {
        let result = try spawnClean([binary, "--version"], environment: ["PATH": path])
        #expect(result.status == 0)
        let head = try spawnClean(["git", "rev-parse", "HEAD"], environment: ["PATH": path])
        if head.status == 0 {
            let match = try #require(result.output.firstMatch(of: /^fauth-tui \d+\.\d+\.\d+ \(commit ([0-9a-f]{12})\)\n$/),
                                     "\(result.output)")
            // The commit built is this checkout's HEAD or, after a commit made since the build, one of its ancestors.
            let ancestry = try spawnClean(["git", "merge-base", "--is-ancestor", String(match.1), "HEAD"],
                                          environment: ["PATH": path])
            #expect(ancestry.status == 0, "\(match.1) is not in HEAD's history: \(ancestry.output)")
        } else {
            #expect(result.output.range(of: #"^fauth-tui \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        }
    }

    @Test func manualPagesLintClean() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try spawnClean([binary, "manual", directory.path],
                                     environment: ["PATH": path, "SOURCE_DATE_EPOCH": "1764892800"])
        #expect(written.status == 0, "\(written.output)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(pages.contains("fauth-tui.1") && pages.contains("fauth-tui-emulator.1")
                && pages.contains("fauth-tui-strings-check.1"), "\(pages)")
        for page in pages {
            let file = directory.appendingPathComponent(page).path
            let mandoc = try spawnClean(["mandoc", "-Tlint", "-Wstyle", file], environment: ["PATH": path])
            #expect(mandoc.status == 0 && mandoc.output.isEmpty, "\(page): \(mandoc.output)")
            let groff = try spawnClean(["groff", "-ww", "-z", "-man", file], environment: ["PATH": path])
            #expect(groff.status == 0 && groff.output.isEmpty, "\(page): \(groff.output)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix(".TH \(page.dropLast(2).uppercased().replacing("-", with: "\\-")) 1 2025-12-05 "))
        }
        let emulator = try String(contentsOf: directory.appendingPathComponent("fauth-tui-emulator.1"), encoding: .utf8)
        for option in [#"\fB\-\-port\fR \fIPORT\fR"#, #"\fB\-\-allow\-remote\fR"#, #"\fB\-h\fR, \fB\-\-help\fR"#] {
            #expect(emulator.contains(".TP\n\(option)\n"), "\(option)")
        }
    }

    @Test func aManualFolderThatCannotBeWrittenIsExplained() throws {
        let result = try spawnClean([binary, "manual", "/proc/no-such-folder"], environment: ["PATH": path, "LANG": "C.UTF-8"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("fauth-tui manual: cannot write /proc/no-such-folder: "), "\(result.output)")
    }

    /// A folder of empty libraries named like the real ones: `dlopen` finds them first (LD_LIBRARY_PATH) and
    /// then finds none of their functions, as when the library is not installed.
    private func stubLibraries(_ sonames: [String], in directory: URL) throws -> String {
        for soname in sonames {
            let built = try spawnClean(["cc", "-shared", "-o", directory.appendingPathComponent(soname).path,
                                        "-x", "c", "/dev/null"], environment: ["PATH": path])
            try #require(built.status == 0, "\(built.output)")
        }
        return directory.path
    }

    @Test(arguments: [
        (["emulator", "--port", "0"], "libmicrohttpd.so.12", "libmicrohttpd12"),
        (["status", "--emulator", "127.0.0.1:9"], "libcurl.so.4", "libcurl4"),
        (["--plain", "--emulator", "127.0.0.1:9"], "libcurl.so.4", "libcurl4"),
        (["--plain", "--store", ":memory:"], "libcrypto.so.3", "libssl3"),
        (["emulator", "--port", "0"], "libcrypto.so.3", "libssl3"),
    ])
    func aMissingLibraryNamesItsPackage(arguments: [String], soname: String, package: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stubs = try stubLibraries([soname], in: directory)
        let result = try spawnClean([binary] + arguments,
                                    environment: ["PATH": path, "LANG": "C.UTF-8", "LD_LIBRARY_PATH": stubs,
                                                  "HOME": directory.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("fauth-tui: \(soname) cannot be loaded, and this needs it. Install the package "
                                       + "\(package) (for example: sudo apt-get install \(package))."), "\(result.output)")
    }
}
