import Foundation
import HTTPServer
import Synchronization
import Testing
import TestSupport

@Suite("Body size limit")
struct BodyLimitTests {
    /// Writes `count` bytes to a temporary file for curl's `--data-binary @file`.
    private func bodyFile(bytes count: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
        try Data(repeating: UInt8(ascii: "a"), count: count).write(to: file)
        return file
    }

    @Test("A 2 MiB body gets 413 with a JSON error, the handler never runs, and the server stays up")
    func oversizedBodyWithLength() throws {
        let calls = Mutex(0)
        let fixture = try ServerFixture { request in
            calls.withLock { $0 += 1 }
            return echoHandler(request)
        }
        defer { fixture.server.stop() }
        let file = try bodyFile(bytes: 2 << 20)
        defer { try? FileManager.default.removeItem(at: file) }

        let refused = try fixture.curl("/upload", ["-X", "POST", "--data-binary", "@\(file.path)"])
        #expect(refused.status == 413)
        #expect(refused.body.contains(#""code":413"#))
        #expect(refused.body.contains("PAYLOAD_TOO_LARGE"))
        #expect(calls.withLock { $0 } == 0)

        let after = try fixture.curl("/after", ["--data-binary", "small"])
        #expect(after.status == 200)
        #expect(after.body.contains(#""body":"small""#))
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("The 413 is sent as soon as Content-Length is read, without waiting for the body")
    func earlyRefusal() throws {
        let fixture = try ServerFixture(handler: echoHandler)
        defer { fixture.server.stop() }
        let client = try RawClient(port: fixture.server.port)
        client.send("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(2 << 20)\r\n\r\n")
        let started = ContinuousClock.now
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 413"))
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test("A body exactly at the limit is accepted")
    func bodyAtLimit() throws {
        let fixture = try ServerFixture(maxBodyBytes: 1000) { request in
            HTTPResponse(status: 200, body: Data("\(request.body.count)".utf8))
        }
        defer { fixture.server.stop() }
        let file = try bodyFile(bytes: 1000)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try fixture.curl("/", ["--data-binary", "@\(file.path)"])
        #expect(result.status == 200)
        #expect(result.body == "1000")
    }

    @Test("A chunked body that outgrows the limit gets a JSON 413 without reaching the handler")
    func oversizedChunkedBody() throws {
        let calls = Mutex(0)
        let fixture = try ServerFixture(maxBodyBytes: 64 << 10) { request in
            calls.withLock { $0 += 1 }
            return HTTPResponse(status: 200, body: Data("\(request.body.count)".utf8))
        }
        defer { fixture.server.stop() }
        let file = try bodyFile(bytes: 2 << 20)
        defer { try? FileManager.default.removeItem(at: file) }

        let refused = try fixture.curl("/", ["-H", "Transfer-Encoding: chunked", "--data-binary", "@\(file.path)"])
        #expect(refused.status == 413)
        #expect(refused.body.contains("PAYLOAD_TOO_LARGE"))
        #expect(calls.withLock { $0 } == 0)

        let small = try bodyFile(bytes: 10 << 10)
        defer { try? FileManager.default.removeItem(at: small) }
        let accepted = try fixture.curl("/", ["-H", "Transfer-Encoding: chunked", "--data-binary", "@\(small.path)"])
        #expect(accepted.status == 200)
        #expect(accepted.body == "\(10 << 10)")
    }
}
