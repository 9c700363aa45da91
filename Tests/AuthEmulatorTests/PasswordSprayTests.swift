import AuthEmulator
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import LocalAuth
import Synchronization
import Testing
import TestSupport

@Suite("Password spraying does not starve the emulator")
struct PasswordSprayTests {
    @Test("while 16 clients spray sign-ins that each cost a real scrypt hash, a trivial request is answered at once")
    func sprayDoesNotStarve() async throws {
        // N=2^14: about 16 MiB and tens of milliseconds per hash, enough to queue up without burdening the machine.
        let engine = try LocalAuthEngine(path: ":memory:",
                                         passwordHashing: ScryptParameters(cost: 1 << 14, blockSize: 8, parallelism: 1))
        let api = IdentityToolkitAPI(engine: engine, projectID: "demo-spray")
        let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: api.handle)
        try server.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        let session = URLSession(configuration: configuration)
        let spray = Spray()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    while spray.isRunning.withLock({ $0 }) { try await Self.signUp(base: base, session: session) }
                    spray.count.withLock { $0 += 1 }
                }
            }
            try await Task.sleep(for: .milliseconds(500))
            // curl times the trivial request itself, so a busy test process cannot inflate the figure.
            var slowest = 0.0
            for _ in 0..<5 {
                let probe = try spawnClean(["curl", "-s", "-o", "/dev/null", "--max-time", "20",
                                            "-w", "%{http_code} %{time_total}", "\(base)/"])
                let parts = probe.output.split(separator: " ")
                #expect(parts.first == "200")
                slowest = max(slowest, Double(parts.last ?? "") ?? 99)
                try await Task.sleep(for: .milliseconds(100))
            }
            spray.isRunning.withLock { $0 = false }
            try await group.waitForAll()
            #expect(slowest < 1, "a trivial request waited \(slowest) s behind password hashing")
        }
        #expect(spray.count.withLock { $0 } == 16, "every client sprayed until told to stop")
    }

    /// One sign-up with a fresh email: one password hash on the server.
    private static func signUp(base: String, session: URLSession) async throws {
        let url = URL(string: "\(base)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")!
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let email = "spray-\(UUID().uuidString.prefix(12))@example.com"
        request.httpBody = Data(#"{"email":"\#(email)","password":"secret1"}"#.utf8)
        _ = try await session.data(for: request)
    }
}

/// Whether the spray goes on, and how many clients finished.
private final class Spray: Sendable {
    let isRunning = Mutex(true)
    let count = Mutex(0)
}
