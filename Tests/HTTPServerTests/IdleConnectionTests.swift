import Foundation
import HTTPServer
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Idle connections: they wait, new clients are served, loopback is never locked out")
struct IdleConnectionTests {
    /// Regression (issue 27 item 5): 64 idle sockets from 127.0.0.1 took every place of the address, and every
    /// local client after them was closed unanswered.
    @Test("300 idle connections from loopback, more than every place, still leave a new request served")
    func idleConnectionsLockNobodyOut() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let idle = try (0..<300).map { _ in try RawClient(port: fixture.server.port, timeout: 2) }
        #expect(try fixture.curl("/", []).status == 200)
        // The newest idle connections still wait; the oldest made room.
        #expect(!idle[299].isClosedByPeer())
        let deadline = ContinuousClock.now + .seconds(5)
        while !idle[0].isClosedByPeer() && ContinuousClock.now < deadline { usleep(20_000) }
        #expect(idle[0].isClosedByPeer())
    }

    @Test("more than 64 requests from loopback at once are all answered")
    func manyRequestsFromLoopback() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let clients = try (0..<100).map { _ in try RawClient(port: fixture.server.port, timeout: 10) }
        for client in clients { client.send("GET / HTTP/1.1\r\nHost: x\r\n") }
        for client in clients { client.send("\r\n") }
        #expect(clients.allSatisfy { $0.readToEnd().hasPrefix("HTTP/1.1 200 ") })
    }

    @Test("a connection that sends nothing is closed after the idle timeout; one sending its head is kept")
    func idleTimeout() throws {
        let fixture = try ServerFixture(idleTimeout: .seconds(1), handler: echoHandler)
        defer { fixture.server.stop() }
        let silent = try RawClient(port: fixture.server.port, timeout: 5)
        let slow = try RawClient(port: fixture.server.port, timeout: 5)
        slow.send("GET / HTTP/1.1\r\n")
        usleep(2_000_000)
        #expect(silent.isClosedByPeer())
        #expect(!slow.isClosedByPeer())
        slow.send("Host: x\r\n\r\n")
        #expect(slow.readToEnd().hasPrefix("HTTP/1.1 200 "))
    }
}
