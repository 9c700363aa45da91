import Foundation
import Testing
import TestSupport

/// What the embedding example links: the runtime (`FauthTUI`) and the backends it is given, never the emulator,
/// the HTTP server (libmicrohttpd's shim) or the command line, which only `fauth-tui` itself needs.
@Suite struct EmbedExampleLinkTests {
    /// The modules and C symbols that belong to `fauth-tui emulator` and the command line.
    private static let commandLineOnly = ["12AuthEmulator", "10HTTPServer", "16LoopbackRedirect", "8FauthCLI",
                                          "shim_mhd"]
    /// The name the HTTP server opens libmicrohttpd by (it is never a `NEEDED` library, see its shim).
    private static let microHTTPD = Data("libmicrohttpd.so".utf8)

    /// The lines of `nm`'s symbol table of `binary` that name one of `names`.
    private func symbols(of binary: String, naming names: [String]) throws -> [String: Int] {
        let table = try spawnClean(["/usr/bin/nm", binary])
        #expect(table.status == 0, "\(table.output.prefix(500))")
        #expect(table.output.contains("$s20FoundationEssentials"), "nm listed no Swift symbols")
        let lines = table.output.split(separator: "\n")
        return Dictionary(uniqueKeysWithValues: names.map { name in (name, lines.count { $0.contains(name) }) })
    }

    @Test func theExampleLinksTheRuntimeButNotTheEmulatorOrTheHTTPServer() throws {
        let example = productBinary("fauth-embed-example")
        let found = try symbols(of: example, naming: ["8FauthTUI", "9LocalAuth"] + Self.commandLineOnly)
        #expect(found["8FauthTUI", default: 0] > 0 && found["9LocalAuth", default: 0] > 0, "\(found)")
        for name in Self.commandLineOnly {
            #expect(found[name] == 0, "\(name): \(found[name] ?? 0) symbols")
        }
        let dynamic = try spawnClean(["/usr/bin/readelf", "--dynamic", "--wide", example])
        #expect(dynamic.status == 0 && dynamic.output.contains("(NEEDED)"))
        #expect(!dynamic.output.contains("libmicrohttpd"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: example)).range(of: Self.microHTTPD) == nil,
                "the example could open libmicrohttpd")
    }

    /// The same look finds them in `fauth-tui`, so their absence from the example is not a blind spot.
    @Test func theCommandLineBinaryHasThemAll() throws {
        let found = try symbols(of: productBinary("fauth-tui"), naming: Self.commandLineOnly)
        for name in Self.commandLineOnly {
            #expect(found[name, default: 0] > 0, "\(name) not found in fauth-tui")
        }
        let binary = try Data(contentsOf: URL(fileURLWithPath: productBinary("fauth-tui")))
        #expect(binary.range(of: Self.microHTTPD) != nil)
    }
}
