import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Synchronization
import Testing

@Suite("Concurrent clients")
struct ConcurrencyTests {
    @Test("50 concurrent requests are all answered, each with its own reply")
    func fiftyConcurrentRequests() async throws {
        let active = Mutex((now: 0, peak: 0))
        let fixture = try ServerFixture { request in
            active.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            // Hold each request until a second one is being handled at the same time (or 5 s pass): a server
            // that handled one request at a time could never get past this with a peak above 1.
            let deadline = Date().addingTimeInterval(5)
            while active.withLock({ $0.peak }) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            active.withLock { $0.now -= 1 }
            return HTTPResponse(status: 200, body: Data((request.query["n"] ?? "?").utf8))
        }
        defer { fixture.server.stop() }
        let replies = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
            for number in 0..<50 {
                group.addTask {
                    let (status, body) = try await fixture.fetch(URLRequest(url: fixture.url("/count?n=\(number)")))
                    return (number, status, String(decoding: body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.count == 50)
        for (number, status, body) in replies {
            #expect(status == 200)
            #expect(body == "\(number)")
        }
        #expect(active.withLock { $0.peak } > 1)
    }
}
