import CMicroHTTPD
import FoundationEssentials
import Glibc
import Synchronization

/// The Swift side of libmicrohttpd's callbacks: gathers each request, calls the handler, queues the response,
/// counts the requests in flight so that a stop can wait for them, and the connections served (`places`).
final class RequestDispatcher: Sendable {
    /// Longest request target (path and query) answered; longer ones get 414.
    static let maximumTargetBytes = 16 * 1024
    /// Most header bytes answered; more get 431.
    static let maximumHeaderBytes = 64 * 1024

    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let maxBodyBytes: Int
    /// How long a request may take to arrive in full, however steadily it trickles in.
    private let requestDeadline: Duration
    private let inFlight = Mutex(0)
    /// Requests receiving their bodies; the oldest is cut off when a new one needs its place.
    private let arrivingBodies: ArrivingBodies
    /// The connections libmicrohttpd serves, counted from its notifications.
    let places: ConnectionPlaces

    init(maxBodyBytes: Int, requestDeadline: Duration, connectionLimit: Int, arrivingBodyLimit: Int,
         handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.maxBodyBytes = maxBodyBytes
        self.requestDeadline = requestDeadline
        self.places = ConnectionPlaces(limit: connectionLimit)
        self.arrivingBodies = ArrivingBodies(limit: arrivingBodyLimit)
        self.handler = handler
    }

    /// The number of requests whose headers have arrived and whose response is not yet sent.
    var requestsInFlight: Int {
        inFlight.withLock { $0 }
    }

    /// One access-handler call: the headers (first call), a piece of body, or the end of the body (last call).
    func access(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
                version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
                slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let opaque = slot.pointee else {
            return begin(connection: connection, method: method, url: url, version: version, slot: slot)
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(opaque).takeUnretainedValue()
        let size = uploadSize.pointee
        if pending.answered {
            uploadSize.pointee = 0
            return .YES
        }
        if size > 0 {
            // A client trickling its body is cut off at the deadline (closing is the only answer mid-body).
            guard ContinuousClock.now - pending.startedAt < requestDeadline else { return .NO }
            if pending.oversized || pending.request.body.count + size > maxBodyBytes {
                // A body without Content-Length grew past the limit: libmicrohttpd cannot answer mid-body,
                // so the rest is read and dropped, and 413 answered at its end.
                pending.oversized = true
                pending.request.body = Data()
            } else if let upload {
                pending.request.body.append(UnsafeRawPointer(upload).assumingMemoryBound(to: UInt8.self),
                                            count: size)
            }
            uploadSize.pointee = 0
            return .YES
        }
        arrivingBodies.end(pending)
        if pending.oversized { return queue(Self.tooLarge(maxBodyBytes), on: connection) }
        return queue(handler(pending.request), on: connection)
    }

    /// The request on `slot` is over (answered, failed or abandoned): forget its state.
    func complete(slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let opaque = slot.pointee else { return }
        let pending = Unmanaged<PendingRequest>.fromOpaque(opaque)
        // Before libmicrohttpd closes the socket, which the cut-off might otherwise shut down after its reuse.
        arrivingBodies.end(pending.takeUnretainedValue())
        pending.release()
        slot.pointee = nil
        inFlight.withLock { $0 -= 1 }
    }

    /// libmicrohttpd started or closed the connection `connection`.
    func connection(_ connection: OpaquePointer, changed change: MHD_ConnectionNotificationCode) {
        switch change {
        case .CONNECTION_NOTIFY_STARTED: places.started(shim_mhd_connection_socket(connection))
        case .CONNECTION_NOTIFY_CLOSED: places.closed()
        }
    }

    /// Headers have arrived: keep the request's state and answer at once when it is malformed or too large.
    private func begin(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
                       version: UnsafePointer<CChar>?,
                       slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        let pending = PendingRequest(connection: connection, method: method, url: url, version: version)
        slot.pointee = Unmanaged.passRetained(pending).toOpaque()
        inFlight.withLock { $0 += 1 }
        let socket = shim_mhd_connection_socket(connection)
        if pending.announcesBody && socket >= 0 { arrivingBodies.begin(pending, socket: socket) }
        let early: HTTPResponse? = if let problem = pending.malformed {
            .jsonError(status: 400, message: problem)
        } else if strlen(url) + pending.queryBytes > Self.maximumTargetBytes {
            Self.targetTooLong
        } else if pending.headerBytes > Self.maximumHeaderBytes {
            Self.headersTooLarge
        } else {
            nil
        }
        guard let early else { return .YES }
        pending.answered = true
        return queue(early, on: connection)
    }

    /// The 414 answer for a request target over `maximumTargetBytes`.
    static let targetTooLong = HTTPResponse.jsonError(
        status: 414, message: "URI_TOO_LONG: the target may be at most \(maximumTargetBytes) bytes")
    /// The 431 answer for headers over `maximumHeaderBytes`.
    static let headersTooLarge = HTTPResponse.jsonError(
        status: 431, message: "HEADERS_TOO_LARGE: headers may be at most \(maximumHeaderBytes) bytes")

    /// The 413 answer for a body over `limit` bytes.
    static func tooLarge(_ limit: Int) -> HTTPResponse {
        .jsonError(status: 413, message: "PAYLOAD_TOO_LARGE: the body may be at most \(limit) bytes")
    }

    /// Hands `response` to libmicrohttpd, which copies it and sends it once the callback returns.
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBytes { bytes in
            shim_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                            .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { shim_mhd_destroy_response(made) }
        for (name, value) in response.headers {
            // libmicrohttpd rejects names and values with control characters; such a header is left out.
            _ = shim_mhd_add_response_header(made, name, value)
        }
        // The next request comes on a new connection, through the head gate.
        _ = shim_mhd_add_response_header(made, "Connection", "close")
        return shim_mhd_queue_response(connection, UInt32(clamping: response.status), made)
    }
}
