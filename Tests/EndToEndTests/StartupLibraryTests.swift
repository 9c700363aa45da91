import Foundation
import Testing
import TestSupport

/// The local backend starts without the networking libraries: libcurl and libmicrohttpd (with their TLS,
/// LDAP, Kerberos, SSH… dependencies) are opened only when a request is sent or a server is started,
/// libcrypto at the first hash, libcrypt at the first imported bcrypt hash, and libqrencode only when a QR code
/// is drawn, ICU at the first country list, localized date or wrapped paragraph; Foundation and a copy of ICU
/// are not linked at all.
@Suite struct StartupLibraryTests {
    private let binary = productBinary("fauth-tui")

    @Test func theLocalBackendsFirstFrameMapsNoNetworkingLibrary() throws {
        let log = try LoaderLog()
        let app = try TmuxSession(command: "env \(log.environment) \(binary) --store :memory: --first-frame-exit")
        try app.waitFor("EXIT=0", timeout: 30)
        let loaded = try log.libraries()
        #expect(loaded.contains { $0.hasPrefix("libc.so") }, "the loader log lists nothing: \(loaded)")
        #expect(!loaded.contains { $0.hasPrefix("libcurl") }, "\(loaded)")
        #expect(!loaded.contains { $0.hasPrefix("libmicrohttpd") }, "\(loaded)")
        #expect(!loaded.contains { $0.hasPrefix("libcrypto") }, "\(loaded)")
        // libcrypt waits for the first imported bcrypt hash.
        #expect(!loaded.contains { $0.hasPrefix("libcrypt.so") }, "\(loaded)")
        // libqrencode waits for the first QR code (an authenticator-app enrolment).
        #expect(!loaded.contains { $0.hasPrefix("libqrencode") }, "\(loaded)")
        // ICU waits for the first country list, localized date or wrapped paragraph.
        #expect(!loaded.contains { $0.hasPrefix("libicu") }, "\(loaded)")
    }

    @Test func libcurlIsOpenedWhenARequestIsSent() throws {
        let log = try LoaderLog()
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["LD_DEBUG_OUTPUT"] = log.prefix
        // Port 1 on loopback refuses the connection, after libcurl has been opened to make it.
        let result = try spawnClean([binary, "inbox", "--emulator", "127.0.0.1:1", "--store", ":memory:"],
                                    environment: environment)
        #expect(result.status == 1)
        #expect(try log.libraries().contains { $0.hasPrefix("libcurl") })
    }

    /// Every module of the binary imports FoundationEssentials, not Foundation, whose CoreFoundation runs a
    /// constructor at every start (DECISIONS.md, "Start-up"). A dynamic build would reference Foundation's
    /// symbols and need `libFoundation.so`; a static one would define them and CoreFoundation's.
    @Test func theBinaryCarriesNeitherFoundationNorCoreFoundation() throws {
        let symbols = try spawnClean(["/usr/bin/nm", binary])
        #expect(symbols.status == 0, "\(symbols.output.prefix(500))")
        #expect(symbols.output.contains("$s20FoundationEssentials"), "nm listed no Swift symbols")
        #expect(!symbols.output.contains("CFStringGetTypeID"))
        let foundation = symbols.output.split(separator: "\n").filter { $0.contains("$s10Foundation") }
        #expect(foundation.isEmpty, "\(foundation.prefix(5))")
        // Nor a copy of ICU (FoundationInternationalization's): locale data comes from Debian's, opened on use.
        let icu = symbols.output.split(separator: "\n").filter {
            $0.contains("$s30FoundationInternationalization") || $0.hasSuffix(" icudt76_dat")
        }
        #expect(icu.isEmpty, "\(icu.prefix(5))")
        let dynamic = try spawnClean(["/usr/bin/readelf", "--dynamic", "--wide", binary])
        #expect(dynamic.status == 0)
        #expect(!dynamic.output.contains("[libFoundation.so]"))
    }
}

/// The dynamic loader's `LD_DEBUG=files` log of one run, in a folder of its own.
private struct LoaderLog {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Where the loader writes (it appends `.<pid>`).
    var prefix: String { folder.appendingPathComponent("ld").path }

    /// The variables that turn the log on, as `env` arguments.
    var environment: String { "LD_DEBUG=files LD_DEBUG_OUTPUT=\(prefix)" }

    /// The names of every shared object opened, at start or later with dlopen, e.g. `libcurl.so.4`.
    func libraries() throws -> [String] {
        defer { try? FileManager.default.removeItem(at: folder) }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).flatMap { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n")
                .compactMap { line in
                    line.range(of: "file=").map { String(line[$0.upperBound...].prefix { $0 != " " }) }
                }
        }
    }
}
