import CMicroHTTPD
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server (GNU libmicrohttpd) that answers every request with a synchronous Swift handler.
///
/// Each connection is served by a thread of its own; the handler runs on it, one request at a time per
/// connection, so a slow request (password hashing) never holds up another client's, and the handler must be
/// thread-safe. Bodies larger than `maxBodyBytes` are refused with 413. Abuse is bounded: at most
/// `connectionLimit` connections, `perClientLimit` from one address other than loopback, a connection that sends
/// nothing for `idleTimeout` is closed, and a request that takes longer than `requestDeadline` (a minute by
/// default) to arrive, head or body, is dropped. A `HeadGate` accepts each connection and hands it over once its
/// head is complete; every answer closes its connection.
public final class HTTPServer: Sendable {
    /// The host the server was asked to listen on.
    public let host: String
    private let requestedPort: UInt16
    private let address: ListenAddress
    private let requestDeadline: Duration
    private let idleTimeout: Duration
    private let maxBodyBytes: Int
    private let dispatcher: RequestDispatcher
    private let state = Mutex(State())

    /// Seconds an idle or stalled connection is kept before libmicrohttpd closes it.
    static let connectionTimeoutSeconds: UInt32 = 30
    /// Connections served at once; more wait in the gate (`ConnectionPlaces`).
    static let connectionLimit: UInt32 = 256
    /// libmicrohttpd's own limit, never reached: 0.9.75 hangs when it finds it reached (see `ConnectionPlaces`).
    static let libraryConnectionLimit = 2 * connectionLimit
    /// Requests whose body is still arriving at once; past it the oldest is cut off, so stalled bodies never take
    /// the places complete requests need.
    static let arrivingBodyLimit = Int(connectionLimit) / 2
    /// Connections one client address other than loopback may hold at once.
    static let perClientLimit: UInt32 = 64
    /// Bytes of request line and headers a connection may use (the gate lets through much less).
    static let connectionMemoryLimit = 256 * 1024

    /// The running daemon, if any, the gate in front of it, and the port it listens on.
    private struct State {
        var daemon: OpaquePointer?
        var gate: HeadGate?
        var boundPort: UInt16?
    }

    /// Prepares a server for `host`:`port` (0 picks a free port); throws if the host is not loopback
    /// and `allowNonLoopback` is false, or cannot be resolved. Nothing listens until `start()`.
    public init(host: String, port: UInt16, maxBodyBytes: Int = 1 << 20, allowNonLoopback: Bool = false,
                requestDeadline: Duration = .seconds(60), idleTimeout: Duration = .seconds(10),
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let address = try ListenAddress(host: host, port: port)
        guard allowNonLoopback || address.isLoopback else { throw HTTPServerError.nonLoopbackHost(host) }
        self.host = host
        self.requestedPort = port
        self.address = address
        self.requestDeadline = requestDeadline
        self.idleTimeout = idleTimeout
        self.maxBodyBytes = maxBodyBytes
        self.dispatcher = RequestDispatcher(maxBodyBytes: maxBodyBytes, requestDeadline: requestDeadline,
                                            connectionLimit: Int(Self.connectionLimit),
                                            arrivingBodyLimit: Self.arrivingBodyLimit, handler: handler)
    }

    deinit {
        stop(gracePeriod: .zero)
    }

    /// The port the server listens on once started (the one picked when 0 was asked), else the one asked for.
    public var port: UInt16 {
        state.withLock { $0.boundPort } ?? requestedPort
    }

    /// Whether the server is currently listening.
    public var isRunning: Bool {
        state.withLock { $0.daemon != nil }
    }

    /// Starts listening and serving; throws if the address cannot be bound or the server already runs.
    /// Whether libmicrohttpd, which the server opens on first use, can be loaded.
    public static var isAvailable: Bool { shim_mhd_api().pointee.loaded != 0 }

    public func start() throws {
        try state.withLock { state in
            guard state.daemon == nil else { throw HTTPServerError.alreadyRunning }
            let cannotListen = { HTTPServerError.cannotListen(host: self.host, port: self.requestedPort, reason: $0) }
            guard let listener = address.listen(receiveBuffer: 4 * HeadGate.maximumHeadBytes) else {
                throw cannotListen(String(cString: strerror(errno)))
            }
            let context = Unmanaged.passRetained(dispatcher)
            // poll(), not epoll: with epoll, libmicrohttpd 0.9.75 misses a client that closes right after
            // sending part of a body, and keeps the request open until the connection timeout.
            let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
                | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
            // Every client of a loopback address is local and shares one address: no per-address limit there.
            let perClientLimit = address.isLoopback ? 0 : Self.perClientLimit
            let daemon = shim_mhd_start(flags, Self.connectionTimeoutSeconds, Self.libraryConnectionLimit,
                                        perClientLimit,
                                        Self.connectionMemoryLimit,
                                        { context, connection, url, method, version, upload, uploadSize, slot in
                                            guard let context, let connection, let url, let method, let uploadSize,
                                                  let slot else { return .NO }
                                            return Unmanaged<RequestDispatcher>.fromOpaque(context)
                                                .takeUnretainedValue()
                                                .access(connection: connection, method: method, url: url,
                                                        version: version, upload: upload, uploadSize: uploadSize,
                                                        slot: slot)
                                        },
                                        { context, _, slot, _ in
                                            guard let context, let slot else { return }
                                            Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
                                                .complete(slot: slot)
                                        },
                                        { context, connection, _, change in
                                            guard let context, let connection else { return }
                                            Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
                                                .connection(connection, changed: change)
                                        },
                                        context.toOpaque())
            guard let daemon else {
                let reason = String(cString: strerror(errno))
                close(listener.socket)
                context.release()
                throw cannotListen(reason)
            }
            let daemonAddress = UInt(bitPattern: daemon)
            let places = dispatcher.places
            let gate = HeadGate(listener: listener.socket, deadline: requestDeadline, idleTimeout: idleTimeout,
                                headCheck: RequestHeadCheck(maxBodyBytes: maxBodyBytes),
                                connectionLimit: Int(Self.connectionLimit), perClientLimit: Int(Self.perClientLimit),
                                hasRoom: { places.hasRoom }) { socket, peer in
                // libmicrohttpd serves the socket from here on, and closes it (also when it refuses it).
                places.handOver(socket)
                let added = peer.withSocketAddress { address, length in
                    shim_mhd_add_connection(OpaquePointer(bitPattern: daemonAddress), socket, address, length)
                }
                if added != .YES { places.refused(socket) }
            }
            gate.start()
            state.daemon = daemon
            state.gate = gate
            state.boundPort = listener.port
        }
    }

    /// Stops gracefully: no new connections are accepted, requests already received are answered
    /// (waiting at most `gracePeriod`), then every connection is closed. Does nothing if not running.
    /// Never call it from the handler: it waits for the threads the handler runs on.
    public func stop(gracePeriod: Duration = .seconds(10)) {
        guard let (daemon, gate) = state.withLock({ state -> (OpaquePointer, HeadGate)? in
            defer {
                state.daemon = nil
                state.gate = nil
            }
            guard let daemon = state.daemon, let gate = state.gate else { return nil }
            return (daemon, gate)
        }) else { return }
        gate.stop()
        let deadline = ContinuousClock.now + gracePeriod
        while dispatcher.requestsInFlight > 0 && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        shim_mhd_stop_daemon(daemon)
        Unmanaged.passUnretained(dispatcher).release()  // balances passRetained in start()
    }
}
