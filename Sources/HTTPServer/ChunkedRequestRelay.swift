import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Serves one request with a chunked body through a socket pair, since libmicrohttpd answers a chunk framing fault
/// with an HTML page of its own: libmicrohttpd reads the head as sent and the body as `ChunkedBodyFraming` writes
/// it again, its answer is copied back to the client, and a framing fault is answered here in JSON (or, once
/// libmicrohttpd has begun to answer, by closing).
final class ChunkedRequestRelay: @unchecked Sendable {
    private let client: Int32
    /// The relay's end of the pair; libmicrohttpd has the other.
    private let server: Int32
    private let headLength: Int
    private let deadline: ContinuousClock.Instant

    private init(client: Int32, server: Int32, headLength: Int, deadline: ContinuousClock.Instant) {
        self.client = client
        self.server = server
        self.headLength = headLength
        self.deadline = deadline
    }

    /// Relays `client`, whose head of `headLength` bytes has arrived (peeked, not yet read), on a thread of its
    /// own; `handOver` gets libmicrohttpd's end of the pair before this returns. A body not complete by `deadline`
    /// is cut off. The relay closes `client` when done.
    static func start(client: Int32, headLength: Int, deadline: ContinuousClock.Instant,
                      handOver: (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            close(client)
            return
        }
        handOver(ends[1]) // libmicrohttpd serves and closes that end from here on
        let relay = ChunkedRequestRelay(client: client, server: ends[0], headLength: headLength, deadline: deadline)
        var id = pthread_t()
        let started = pthread_create(&id, nil, { relay in
            Unmanaged<ChunkedRequestRelay>.fromOpaque(relay!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(relay).toOpaque())
        if started == 0 {
            pthread_detach(id)
        } else {
            Unmanaged.passUnretained(relay).release()
            close(ends[0])
            close(client)
        }
    }

    private func run() {
        defer {
            close(server)
            close(client)
        }
        _ = fcntl(client, F_SETFL, 0)
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        for socket in [client, server] {
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        var head = [UInt8](repeating: 0, count: headLength)
        guard recv(client, &head, head.count, Int32(MSG_WAITALL)) == head.count, Self.send(head[...], to: server)
        else { return }
        var framing = ChunkedBodyFraming()
        var answering = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // Until the body is complete the client is read too, against the deadline; then only the answer.
            let remaining = min(max(0, (deadline - .now) / .milliseconds(1)), Double(Int32.max))
            let milliseconds = framing.isDone ? -1 : Int32(remaining.rounded(.up))
            var descriptors = [pollfd(fd: server, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: client, events: framing.isDone ? 0 : Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            if descriptors[0].revents != 0 {
                let count = recv(server, &buffer, buffer.count, 0)
                guard count > 0, Self.send(buffer[0..<count], to: client) else { return }
                answering = true
                continue
            }
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            switch framing.read(buffer[0..<count]) {
            case .success(let chunks):
                // When libmicrohttpd has closed its end already, its answer is still read above.
                _ = Self.send(chunks[...], to: server)
            case .failure(let fault):
                if !answering { _ = Self.send(Array(Self.answer(to: fault).closingWireBytes)[...], to: client) }
                return
            }
        }
    }

    /// The JSON answer to a framing fault.
    private static func answer(to fault: ChunkedBodyFraming.Fault) -> HTTPResponse {
        switch fault {
        case .malformed:
            .jsonError(status: 400, message: "MALFORMED_REQUEST: the chunked body is not framed as RFC 9112 writes")
        case .sizeTooLarge:
            .jsonError(status: 413, message: "PAYLOAD_TOO_LARGE: a chunk size has more than 16 hex digits")
        }
    }

    /// Sends all of `bytes` on `socket`; false when the peer has gone or the send timed out.
    private static func send(_ bytes: ArraySlice<UInt8>, to socket: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(socket, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
