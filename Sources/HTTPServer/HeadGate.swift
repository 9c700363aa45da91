import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Accepts connections and holds each until its request line and headers have arrived, then hands it on.
///
/// libmicrohttpd answers a head larger than its connection pool with an HTML page of its own, and counts only
/// idle time against a head that trickles in. So the gate listens itself: it peeks at each new connection
/// (libmicrohttpd still reads everything) until the blank line that ends the head, answers a head over the
/// limits with a JSON 414 or 431, drops one still arriving at the deadline, and passes complete ones to
/// `handOver`. Every answer closes its connection, so each request passes the gate.
final class HeadGate: @unchecked Sendable {
    /// Longest request line let through (a 16 KiB target, its method and version); longer ones get 414.
    static let maximumRequestLineBytes = RequestDispatcher.maximumTargetBytes + 1024
    /// Longest head let through; longer ones get 431. libmicrohttpd's pool holds it with room to spare, and the
    /// dispatcher answers the finer limits in JSON.
    static let maximumHeadBytes = maximumRequestLineBytes + RequestDispatcher.maximumHeaderBytes + 15 * 1024

    /// A connection whose head has not arrived in full.
    private struct Waiting {
        let socket: Int32
        let peer: PeerAddress
        let since: ContinuousClock.Instant
        /// Bytes of head seen so far.
        var seen = 0
        /// Set once it was answered with an error: the rest is read and dropped until the client leaves.
        var answered = false
    }

    /// What to do with a waiting connection after reading.
    private enum Outcome { case wait, close, handOver }

    private let listener: Int32
    private let deadline: Duration
    private let connectionLimit: Int
    private let perClientLimit: Int
    private let handOver: @Sendable (Int32, PeerAddress) -> Void
    private let wakeup: (read: Int32, write: Int32)
    private let thread = Mutex<pthread_t?>(nil)
    private let stopping = Atomic(false)

    /// Gates connections arriving on `listener` (a listening, non-blocking socket the gate closes when it stops).
    init(listener: Int32, deadline: Duration, connectionLimit: Int, perClientLimit: Int,
         handOver: @escaping @Sendable (Int32, PeerAddress) -> Void) {
        var pipeEnds: [Int32] = [-1, -1]
        _ = pipe(&pipeEnds) // without it, `stopping` ends the gate at its next wake-up
        self.listener = listener
        self.deadline = deadline
        self.connectionLimit = connectionLimit
        self.perClientLimit = perClientLimit
        self.handOver = handOver
        wakeup = (pipeEnds[0], pipeEnds[1])
    }

    /// Starts gating on a thread of its own.
    func start() {
        var id = pthread_t()
        let started = pthread_create(&id, nil, { gate in
            Unmanaged<HeadGate>.fromOpaque(gate!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
        if started == 0 { thread.withLock { $0 = id } }
    }

    /// Stops accepting, drops every connection still waiting, and returns once the gate's thread has ended.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wakeup.write, &byte, 1)
        if let id = thread.withLock({ $0 }) { pthread_join(id, nil) }
        close(wakeup.read)
        close(wakeup.write)
    }

    private func run() {
        var waiting: [Waiting] = []
        var buffer = [UInt8](repeating: 0, count: Self.maximumHeadBytes + 1)
        while true {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0)]
                + waiting.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 250)
            if descriptors[1].revents != 0 || stopping.load(ordering: .sequentiallyConsistent) { break }
            let now = ContinuousClock.now
            var kept: [Waiting] = []
            for (index, var connection) in waiting.enumerated() {
                let outcome = descriptors[index + 2].revents == 0 ? .wait : read(&connection, into: &buffer)
                switch outcome {
                case .handOver:
                    Self.setLowWater(connection.socket, 1)
                    handOver(connection.socket, connection.peer)
                case .close:
                    close(connection.socket)
                case .wait where now - connection.since >= deadline:
                    close(connection.socket)
                case .wait:
                    kept.append(connection)
                }
            }
            waiting = kept
            if descriptors[0].revents != 0 { accept(into: &waiting, at: now) }
        }
        for connection in waiting { close(connection.socket) }
        close(listener)
    }

    /// Accepts every connection waiting in the listen queue; beyond the limits they are closed at once.
    private func accept(into waiting: inout [Waiting], at now: ContinuousClock.Instant) {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let socket = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.accept(listener, $0, &length)
                }
            }
            guard socket >= 0 else { return }
            _ = fcntl(socket, F_SETFL, O_NONBLOCK)
            _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
            let peer = PeerAddress(storage: storage, length: length)
            guard waiting.count < connectionLimit,
                  waiting.count(where: { $0.peer.host == peer.host }) < perClientLimit else {
                close(socket)
                continue
            }
            waiting.append(Waiting(socket: socket, peer: peer, since: now))
        }
    }

    /// Reads what arrived on a waiting connection: the head complete, too long, still coming, or the client gone.
    private func read(_ connection: inout Waiting, into buffer: inout [UInt8]) -> Outcome {
        if connection.answered {
            return recv(connection.socket, &buffer, buffer.count, 0) > 0 ? .wait : .close
        }
        let count = recv(connection.socket, &buffer, buffer.count, Int32(MSG_PEEK))
        if count < 0 { return errno == EAGAIN || errno == EINTR ? .wait : .close }
        // Woken without more bytes than last time: the client closed its side before its head was complete.
        if count <= connection.seen { return .close }
        connection.seen = count
        let head = buffer[0..<count]
        if Self.endsHead(head) { return .handOver }
        guard let refusal = Self.refusal(for: head) else {
            // Sleep in poll until more than what is here has arrived.
            Self.setLowWater(connection.socket, count + 1)
            return .wait
        }
        let bytes = Self.serialized(refusal)
        _ = bytes.withUnsafeBytes { send(connection.socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(connection.socket, Int32(SHUT_WR))
        Self.setLowWater(connection.socket, 1)
        connection.answered = true
        return .wait
    }

    /// The answer for an unfinished head that is already too long: 414 for its request line, else 431.
    private static func refusal(for head: ArraySlice<UInt8>) -> HTTPResponse? {
        let lineLength = head.firstIndex(of: 0x0A) ?? head.count
        if lineLength > maximumRequestLineBytes { return RequestDispatcher.targetTooLong }
        return head.count > maximumHeadBytes ? RequestDispatcher.headersTooLarge : nil
    }

    /// Whether `head` holds the blank line that ends a request head (empty lines before the request line, which
    /// servers skip, do not count).
    private static func endsHead(_ head: ArraySlice<UInt8>) -> Bool {
        var last: UInt8 = 0, beforeLast: UInt8 = 0
        for byte in head.drop(while: { $0 == 0x0D || $0 == 0x0A }) {
            if byte == 0x0A, last == 0x0A || (last == 0x0D && beforeLast == 0x0A) { return true }
            (beforeLast, last) = (last, byte)
        }
        return false
    }

    /// An answer written by the gate itself, as bytes on the wire; it closes the connection.
    private static func serialized(_ response: HTTPResponse) -> Data {
        let reason = response.status == 414 ? "URI Too Long" : "Request Header Fields Too Large"
        var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + response.body
    }

    /// Makes `poll` report the socket readable only once `bytes` bytes wait in it (or the client closed).
    private static func setLowWater(_ socket: Int32, _ bytes: Int) {
        var value = Int32(clamping: bytes)
        setsockopt(socket, SOL_SOCKET, SO_RCVLOWAT, &value, socklen_t(MemoryLayout<Int32>.size))
    }
}

/// A client's socket address as accepted, and its host part alone (for per-client limits).
struct PeerAddress: Sendable {
    let bytes: [UInt8]
    let host: [UInt8]

    init(storage: sockaddr_storage, length: socklen_t) {
        let raw = withUnsafeBytes(of: storage) { Array($0) }
        bytes = Array(raw.prefix(Int(length)))
        // The address inside sockaddr_in6 (sin6_addr) or sockaddr_in (sin_addr).
        host = Int32(storage.ss_family) == AF_INET6 ? Array(raw[8..<24]) : Array(raw[4..<8])
    }

    /// Calls `body` with the socket address, valid only during the call.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        bytes.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) }
    }
}
