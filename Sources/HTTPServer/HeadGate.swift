import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Accepts connections and holds each until its request line and headers have arrived, then hands it on.
///
/// libmicrohttpd answers a head larger than its connection pool, or one it cannot parse, with an HTML page of its
/// own, and counts only idle time against a head that trickles in. So the gate listens itself: it peeks at each
/// new connection (libmicrohttpd still reads everything) until the blank line that ends the head, answers a head
/// `RequestHeadCheck` refuses with its JSON, drops one still arriving at the deadline or silent past the idle
/// timeout, and passes complete ones to `handOver`. Every answer closes its connection, so each request passes
/// the gate. When every place is taken, a new connection displaces the oldest waiting one (a silent one first):
/// on loopback all clients share one address, so refusing newcomers would lock every local client out. A complete
/// head waits on until `hasRoom` says libmicrohttpd has a place for it.
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
        /// Bytes of head seen so far; none means the connection is idle.
        var seen = 0
        /// Set once it was answered with an error: the rest is read and dropped until the client leaves.
        var answered = false
        /// What to do with its complete head once a place is free.
        var withheld: Outcome?
    }

    /// What to do with a waiting connection after reading.
    private enum Outcome {
        case wait, close, handOver
        /// Serve it through a `ChunkedRequestRelay`: its head of that many bytes is followed by a chunked body.
        case relay(headLength: Int)

        /// Whether it passes the connection on.
        var handsOver: Bool {
            switch self {
            case .handOver, .relay: true
            case .wait, .close: false
            }
        }
    }

    private let listener: Int32
    private let deadline: Duration
    private let idleTimeout: Duration
    private let headCheck: RequestHeadCheck
    private let connectionLimit: Int
    private let perClientLimit: Int
    private let handOver: @Sendable (Int32, PeerAddress) -> Void
    private let hasRoom: @Sendable () -> Bool
    private let wakeup: (read: Int32, write: Int32)
    private let thread = Mutex<pthread_t?>(nil)
    private let stopping = Atomic(false)

    /// Gates connections arriving on `listener` (a listening, non-blocking socket the gate closes when it stops):
    /// a head must be complete within `deadline`, its first byte must come within `idleTimeout`; at most
    /// `connectionLimit` wait, and `perClientLimit` from one address other than loopback; complete ones go to
    /// `handOver` while `hasRoom`.
    init(listener: Int32, deadline: Duration, idleTimeout: Duration, headCheck: RequestHeadCheck,
         connectionLimit: Int, perClientLimit: Int, hasRoom: @escaping @Sendable () -> Bool,
         handOver: @escaping @Sendable (Int32, PeerAddress) -> Void) {
        var pipeEnds: [Int32] = [-1, -1]
        _ = pipe(&pipeEnds) // without it, `stopping` ends the gate at its next wake-up
        self.listener = listener
        self.deadline = deadline
        self.idleTimeout = idleTimeout
        self.headCheck = headCheck
        self.connectionLimit = connectionLimit
        self.perClientLimit = perClientLimit
        self.handOver = handOver
        self.hasRoom = hasRoom
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
            // Withheld heads are offered again soon: places free up without waking the gate.
            _ = poll(&descriptors, nfds_t(descriptors.count), waiting.contains { $0.withheld != nil } ? 10 : 250)
            if descriptors[1].revents != 0 || stopping.load(ordering: .sequentiallyConsistent) { break }
            let now = ContinuousClock.now
            var kept: [Waiting] = []
            for (index, var connection) in waiting.enumerated() {
                var outcome = connection.withheld
                    ?? (descriptors[index + 2].revents == 0 ? .wait : read(&connection, into: &buffer))
                if outcome.handsOver && !hasRoom() {
                    connection.withheld = outcome
                    outcome = .wait
                }
                switch outcome {
                case .handOver:
                    Self.setLowWater(connection.socket, 1)
                    handOver(connection.socket, connection.peer)
                case .relay(let headLength):
                    Self.setLowWater(connection.socket, 1)
                    ChunkedRequestRelay.start(client: connection.socket, headLength: headLength,
                                              deadline: connection.since + deadline) { handOver($0, connection.peer) }
                case .close:
                    close(connection.socket)
                case .wait where now - connection.since >= (connection.seen == 0 ? idleTimeout : deadline):
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

    /// Accepts every connection waiting in the listen queue. Past the per-address limit (not applied to loopback)
    /// a newcomer is closed at once; past the connection limit it takes the place of the oldest waiting
    /// connection that has sent nothing, else of the oldest, among those accepted in earlier rounds; when every
    /// place went to this round's newcomers (a busy machine let the queue fill before this thread ran), of the
    /// oldest of them, so the last to connect is still served.
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
            guard peer.isLoopback || waiting.count(where: { $0.peer.host == peer.host }) < perClientLimit else {
                close(socket)
                continue
            }
            if waiting.count >= connectionLimit {
                // Connections accepted in this round have not been read yet: none of them is known to be idle.
                let earlier = waiting.prefix { $0.since < now }
                let victim = earlier.firstIndex(where: { $0.seen == 0 }) ?? waiting.startIndex
                close(waiting.remove(at: victim).socket)
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
        let refusal: HTTPResponse
        switch headCheck.verdict(for: buffer[0..<count]) {
        case .incomplete:
            // Sleep in poll until more than what is here has arrived.
            Self.setLowWater(connection.socket, count + 1)
            return .wait
        case .complete(_, chunked: false):
            return .handOver
        case .complete(let length, chunked: true):
            return .relay(headLength: length)
        case .refused(let response):
            refusal = response
        }
        let bytes = refusal.closingWireBytes
        _ = bytes.withUnsafeBytes { send(connection.socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(connection.socket, Int32(SHUT_WR))
        Self.setLowWater(connection.socket, 1)
        connection.answered = true
        return .wait
    }

    /// Makes `poll` report the socket readable only once `bytes` bytes wait in it (or the client closed).
    private static func setLowWater(_ socket: Int32, _ bytes: Int) {
        var value = Int32(clamping: bytes)
        setsockopt(socket, SOL_SOCKET, SO_RCVLOWAT, &value, socklen_t(MemoryLayout<Int32>.size))
    }
}
