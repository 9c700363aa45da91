import Foundation
import Testing
import TerminalUI
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `fauth-tui emulator` as a process, with the resources the kernel counts for it.
private final class RunningEmulator {
    let pid: pid_t
    let port: UInt16
    private let outputPath: String

    /// Starts `binary emulator arguments` and waits for the address in its banner.
    init(_ binary: String, _ arguments: [String]) throws {
        outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([binary, "emulator"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = withCleanSpawnAttributes { attributes in
            posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        self.pid = pid
        let deadline = Date().addingTimeInterval(20)
        var port: UInt16?
        while port == nil, Date() < deadline {
            let banner = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            port = banner.firstMatch(of: /127\.0\.0\.1:([0-9]+)/).flatMap { UInt16($0.1) }
            if port == nil { usleep(20_000) }
        }
        guard let port else {
            kill(pid, SIGKILL)
            throw POSIXError(.ETIMEDOUT)
        }
        self.port = port
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        unlink(outputPath)
    }

    /// Resident memory in MiB, from /proc.
    var residentMiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let kilobytes = status.firstMatch(of: /VmRSS:\s+([0-9]+) kB/).flatMap { Double($0.1) } ?? 0
        return kilobytes / 1024
    }

    /// Open file descriptors (stores, sockets), from /proc.
    var descriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    /// One POST on a new connection (the emulator closes each); the answer's status.
    func post(_ target: String, _ body: String, headers: [String: String] = [:]) throws -> Int {
        let client = try RawClient(port: port, timeout: 10)
        let head = headers.merging(["Host": "127.0.0.1", "Content-Type": "application/json",
                                    "Content-Length": "\(body.utf8.count)"]) { $1 }
            .map { "\($0.key): \($0.value)\r\n" }.joined()
        client.send("POST \(target) HTTP/1.1\r\n\(head)\r\n\(body)")
        // "HTTP/1.1 403 Forbidden": the second word.
        return client.readToEnd().prefix(12).split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }
}

/// The real binary under load: what a request refused for its API key costs stays with the request.
@Suite(.serialized) struct EmulatorLimitsScenarioTests {
    private let binary = productBinary("fauth-tui")

    /// `count` account creations in new projects `prefix-0`, `prefix-1`, …, alternately without a key (403) and
    /// with an empty one (400); false when any answer was something else.
    private func refusedCreations(_ emulator: RunningEmulator, prefix: String, count: Int) throws -> Bool {
        var allRefused = true
        for index in 0..<count {
            let key = index.isMultiple(of: 2) ? "" : "?key="
            let status = try emulator.post("/identitytoolkit.googleapis.com/v1/projects/\(prefix)-\(index)/accounts\(key)",
                                           #"{"email":"ada@example.com","password":"secret-1"}"#)
            allRefused = allRefused && status == (key.isEmpty ? 403 : 400)
        }
        return allRefused
    }

    /// Regression (issue 27 item 5): 64 idle sockets from 127.0.0.1 locked every local client out of the emulator.
    @Test func idleConnectionsLeaveSignUpsServed() throws {
        let emulator = try RunningEmulator(binary, ["--port", "0", "--quiet"])
        let idle = try (0..<300).map { _ in try RawClient(port: emulator.port, timeout: 2) }
        let status = try emulator.post("/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
                                       #"{"email":"idle@example.com","password":"secret-1"}"#)
        #expect(status == 200)
        withExtendedLifetime(idle) {}
    }

    /// Regression (issue 27 item 10): these got libmicrohttpd's HTML pages, and `Content-Length: -5` its header
    /// block twice.
    @Test func malformedRequestsGetFirebaseShapedJSONOnce() throws {
        let emulator = try RunningEmulator(binary, ["--port", "0", "--quiet"])
        let signUp = "POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\nHost: x\r\n"
        let requests = [
            signUp + (0..<4_000).map { "a\($0): b\r\n" }.joined() + "\r\n",
            "GET /\r\n",
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
            signUp + "Content-Length: -5\r\n\r\nabc",
            signUp + "Transfer-Encoding: chunked\r\n\r\nzz\r\n",
            signUp + "Transfer-Encoding: chunked\r\n\r\n" + String(repeating: "f", count: 20) + "\r\n",
        ]
        for request in requests {
            let client = try RawClient(port: emulator.port, timeout: 10)
            client.send(request)
            let reply = client.readToEnd()
            #expect(reply.matches(of: #/HTTP\/1\.1 [0-9]{3} /#).count == 1, "\(reply.prefix(400))")
            #expect(reply.contains(#""errors":[{"domain":"global""#) && reply.contains(#""status":""#))
            #expect(!reply.lowercased().contains("<html"))
        }
    }

    @Test func requestsWithoutAKeyToNewProjectsLeaveNoStoreDescriptorOrMemory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("emulator.sqlite").path
        let emulator = try RunningEmulator(binary, ["--port", "0", "--quiet", "--store", store])
        // Once, so the server's threads and the allocator's arenas are in use before measuring.
        #expect(try refusedCreations(emulator, prefix: "warm", count: 100))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let (memory, descriptors) = (emulator.residentMiB, emulator.descriptors)

        #expect(try refusedCreations(emulator, prefix: "probe", count: 2_000))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == files)
        // A connection may still be closing on the server's side for a moment.
        let deadline = Date().addingTimeInterval(5)
        while emulator.descriptors > descriptors, Date() < deadline { usleep(20_000) }
        #expect(emulator.descriptors <= descriptors)
        #expect(emulator.residentMiB - memory < 8, "resident memory went from \(memory) to \(emulator.residentMiB) MiB")

        // The same request with the owner credential is a write: it makes that project's store, and only it.
        let created = try emulator.post("/identitytoolkit.googleapis.com/v1/projects/probe-1/accounts",
                                        #"{"email":"ada@example.com","password":"secret-1"}"#,
                                        headers: ["Authorization": "Bearer owner"])
        #expect(created == 200)
        let added = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)).subtracting(files)
        #expect(added.contains("emulator.sqlite.probe-1") && added.allSatisfy { $0.hasPrefix("emulator.sqlite.probe-1") })
    }
}
