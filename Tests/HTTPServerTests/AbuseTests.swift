import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Synchronization
import Testing
import TestSupport

@Suite("Abuse: long targets and headers, connection floods, trickled bodies, slow handlers")
struct AbuseTests {
    @Test("a target over 16 KiB gets a JSON 414 and headers over 64 KiB a JSON 431, never libmicrohttpd's HTML")
    func oversizedTargetAndHeaders() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let long = try fixture.curl("/" + String(repeating: "a", count: 20_000), [])
        #expect(long.status == 414 && long.body.contains(#""code":414"#))
        let header = "X-Big: " + String(repeating: "b", count: 70_000)
        let big = try fixture.curl("/", ["-H", header])
        #expect(big.status == 431 && big.body.contains(#""code":431"#))
    }

    /// Regression (issue 9 item 10): libmicrohttpd answered heads beyond its 256 KiB pool with its own HTML.
    @Test("a request line or headers beyond libmicrohttpd's pool get a JSON 414 or 431 too, and the connection ends")
    func headsBeyondThePool() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let heads = ["GET /" + String(repeating: "a", count: 300_000) + " HTTP/1.1\r\nHost: x\r\n\r\n",
                     "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 300_000) + "\r\n\r\n"]
        for (head, status) in zip(heads, [414, 431]) {
            let client = try RawClient(port: fixture.server.port, timeout: 10)
            client.send(head)
            let reply = client.readToEnd()
            #expect(reply.hasPrefix("HTTP/1.1 \(status) "), "\(reply.prefix(200))")
            #expect(reply.contains("application/json") && reply.contains(#""code":\#(status)"#))
            #expect(!reply.contains("<html>"))
        }
        #expect(try fixture.curl("/", []).status == 200)
    }

    @Test("a body trickled in past the request deadline is cut off")
    func trickledBody() throws {
        let (reply, took) = try trickle("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n") { _ in "a" }
        #expect(reply.isEmpty)
        #expect(took < .seconds(7))
    }

    @Test("headers trickled in past the request deadline are cut off, though the connection is never idle")
    func trickledHeaders() throws {
        let (reply, took) = try trickle("GET / HTTP/1.1\r\nHost: x\r\n", then: "\r\n") { "X-\($0): y\r\n" }
        #expect(reply.isEmpty)
        #expect(took < .seconds(7))
    }

    @Test("headers trickled on 64 connections are cut at the deadline; local clients are served meanwhile")
    func tricklingHeadersOnEverySlot() throws {
        let fixture = try ServerFixture(requestDeadline: .seconds(4), handler: echoHandler)
        defer { fixture.server.stop() }
        let tricklers = try (0..<64).map { _ in try RawClient(port: fixture.server.port, timeout: 2) }
        for client in tricklers { client.send("GET / HTTP/1.1\r\nHost: x\r\n") }
        var cut = Set<Int>()
        var servedMeanwhile: (other: Int, same: Int)?
        // A header line to each every 250 ms for up to 15 s; without the cut they would all be answered at the end.
        for line in 0..<60 where cut.count < tricklers.count {
            for (index, client) in tricklers.enumerated() where !cut.contains(index) {
                if client.isClosedByPeer() { cut.insert(index) } else { client.send("X-\(line): y\r\n") }
            }
            if line == 1 {
                let other = try fixture.curl("/", ["--interface", "127.0.0.2"]).status
                let same = try fixture.curl("/", []).status
                servedMeanwhile = (other, same)
            }
            usleep(250_000)
        }
        #expect(servedMeanwhile?.other == 200, "a client from another address is served while the slots are held")
        #expect(servedMeanwhile?.same == 200, "loopback has no per-address limit: the trickler's address is served too")
        #expect(cut.count == tricklers.count, "every trickling connection is closed before its 15 s of headers end")
    }

    /// Sends `head`, then six pieces 0.4 s apart to a server with a 1 s request deadline, then `tail`; returns
    /// the reply and how long the exchange took.
    private func trickle(_ head: String, then tail: String = "",
                         _ piece: (Int) -> String) throws -> (reply: String, took: Duration) {
        let fixture = try ServerFixture(requestDeadline: .seconds(1), handler: echoHandler)
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port, timeout: 8)
        client.send(head)
        let started = ContinuousClock.now
        for index in 0..<6 {
            client.send(piece(index))
            usleep(400_000)
        }
        client.send(tail)
        return (client.readToEnd(), ContinuousClock.now - started)
    }

    @Test("slow requests hold only their own connections: a quick one is answered meanwhile")
    func slowHandlers() async throws {
        let fixture = try ServerFixture { request in
            if request.path == "/slow" { usleep(3_000_000) }
            return HTTPResponse(status: 200, body: Data("done".utf8))
        }
        defer { fixture.server.stop() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { _ = try await fixture.fetch(URLRequest(url: fixture.url("/slow"))) }
            }
            try await Task.sleep(for: .milliseconds(500))
            // curl times the quick request itself, so a busy test process cannot inflate the figure.
            let quick = try spawnClean(["curl", "-s", "-o", "/dev/null", "--max-time", "20",
                                        "-w", "%{http_code} %{time_total}", fixture.url("/quick").absoluteString])
            let parts = quick.output.split(separator: " ")
            #expect(parts.first == "200")
            let seconds = Double(parts.last ?? "") ?? 99
            #expect(seconds < 2, "the quick request waited \(seconds) s for slow ones")
            try await group.waitForAll()
        }
    }
}
