import Foundation
@testable import HTTPServer
import Synchronization
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Server lifecycle")
struct LifecycleTests {
    /// Whether a server answering with `marker` still listens on `port`. Not "can connect": once the port is
    /// free, a server of another test may take it, or the client may connect to itself.
    private func answers(port: UInt16, with marker: String) -> Bool {
        guard let client = try? RawClient(port: port, timeout: 1) else { return false }
        client.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return client.readToEnd().hasSuffix(marker)
    }

    @Test("Hosts that are not loopback are refused unless allowed", arguments: ["0.0.0.0", "192.0.2.10", "::"])
    func nonLoopbackRefused(host: String) throws {
        #expect(throws: HTTPServerError.nonLoopbackHost(host)) {
            try HTTPServer(host: host, port: 0, handler: echoHandler)
        }
        let allowed = try HTTPServer(host: host, port: 0, allowNonLoopback: true, handler: echoHandler)
        #expect(!allowed.isRunning)
        #expect(HTTPServerError.nonLoopbackHost(host).description.contains("allowNonLoopback"))
    }

    @Test("Loopback addresses and names are accepted", arguments: ["127.0.0.1", "127.8.9.10", "localhost", "::1",
                                                                 "::ffff:127.0.0.1"])
    func loopbackAccepted(host: String) throws {
        #expect(try ListenAddress(host: host, port: 0).isLoopback)
    }

    @Test("Port 0 binds a free port; start twice throws; stop closes it; start again works")
    func portAndRestart() throws {
        let marker = UUID().uuidString
        let fixture = try ServerFixture { _ in HTTPResponse(status: 200, body: Data(marker.utf8)) }
        let other = try ServerFixture(handler: echoHandler)
        defer { other.server.stop() }
        let port = fixture.server.port
        #expect(port != 0)
        #expect(port != other.server.port)
        #expect(throws: HTTPServerError.alreadyRunning) { try fixture.server.start() }

        fixture.server.stop()
        #expect(!fixture.server.isRunning)
        #expect(!answers(port: port, with: marker))
        fixture.server.stop()

        try fixture.server.start()
        defer { fixture.server.stop() }
        #expect(answers(port: fixture.server.port, with: marker))
    }

    @Test("A port already in use is reported")
    func portInUse() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let clash = try HTTPServer(host: "127.0.0.1", port: fixture.server.port, handler: echoHandler)
        #expect(throws: HTTPServerError.self) { try clash.start() }
    }

    @Test("stop() lets a slow handler finish and its response reach the client")
    func stopWaitsForSlowHandler() throws {
        let started = DispatchSemaphore(value: 0)
        let marker = "finished \(UUID().uuidString)"
        let fixture = try ServerFixture { _ in
            started.signal()
            Thread.sleep(forTimeInterval: 0.5)
            return HTTPResponse(status: 200, body: Data(marker.utf8))
        }
        let reply = Mutex("")
        let answered = DispatchSemaphore(value: 0)
        let port = fixture.server.port
        Thread.detachNewThread {
            if let client = try? RawClient(port: port) {
                client.send("GET /slow HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let text = client.readToEnd()
                reply.withLock { $0 = text }
            }
            answered.signal()
        }
        #expect(started.wait(timeout: .now() + 5) == .success)
        let stopping = ContinuousClock.now
        fixture.server.stop()
        #expect(ContinuousClock.now - stopping > .milliseconds(300))
        #expect(answered.wait(timeout: .now() + 5) == .success)
        let text = reply.withLock { $0 }
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.hasSuffix(marker))
        #expect(!answers(port: port, with: marker))
    }

    @Test("A client that disconnects mid-body is forgotten and the server keeps serving")
    func clientDisconnectsMidBody() throws {
        let calls = Mutex(0)
        let fixture = try ServerFixture { request in
            calls.withLock { $0 += 1 }
            return echoHandler(request)
        }
        do {
            let client = try RawClient(port: fixture.server.port)
            client.send("POST /cut HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n")
            client.send(String(repeating: "x", count: 100))
        }
        let next = try fixture.curl("/next", ["--data-binary", "whole"])
        #expect(next.status == 200)
        #expect(next.body.contains(#""path":"\/next""#))
        #expect(calls.withLock { $0 } == 1)
        // Nothing is left in flight: a graceful stop does not wait.
        let stopping = ContinuousClock.now
        fixture.server.stop(gracePeriod: .seconds(10))
        #expect(ContinuousClock.now - stopping < .seconds(5))
    }

    @Test("A stalled upload neither blocks other clients nor holds stop() past its grace period")
    func stalledUpload() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        let client = try RawClient(port: fixture.server.port)
        client.send("POST /stall HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\nxx")
        #expect(try fixture.curl("/other", []).status == 200)
        let stopping = ContinuousClock.now
        fixture.server.stop(gracePeriod: .milliseconds(200))
        let elapsed = ContinuousClock.now - stopping
        #expect(elapsed >= .milliseconds(200))
        #expect(elapsed < .seconds(8))
    }

    @Test("runUntilSignalled returns on SIGTERM or SIGINT, stops the server and restores the old handler",
          .serialized, arguments: [SIGTERM, SIGINT])
    func runUntilSignalled(signal: Int32) throws {
        let fixture = try ServerFixture(handler: echoHandler)
        var before = sigaction()
        sigaction(signal, nil, &before)
        let caught = fixture.server.runUntilSignalled(whenReady: { kill(getpid(), signal) })
        #expect(caught == signal)
        #expect(!fixture.server.isRunning)
        var after = sigaction()
        sigaction(signal, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self))
    }
}
