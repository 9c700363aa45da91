import CMicroHTTPD
import FoundationEssentials
import Glibc

/// A request whose headers have arrived and whose body is still being received, owned by one connection.
///
/// libmicrohttpd keeps it in the connection's `con_cls` slot between access-handler calls; only the thread
/// serving that connection touches it.
final class PendingRequest {
    /// The request line and headers; the body accumulates here too.
    var request: HTTPRequest
    /// Set when the request line or headers were unusable: the server answers with this error.
    let malformed: String?
    /// Set once a response was queued early (before the body): later calls only discard input.
    var answered = false
    /// Set when a body without Content-Length grew past the limit: the rest is discarded and 413 answered.
    var oversized = false
    /// When the headers arrived; a body still arriving long after is dropped.
    let startedAt = ContinuousClock.now

    /// Reads the method, path, query and headers of the request on `connection`.
    init(connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>,
         version: UnsafePointer<CChar>?) {
        let method = String(validatingCString: method)
        let path = String(validatingCString: url)
        var query = ValueCollector(keepFirst: true)
        var headers = ValueCollector(keepFirst: false)
        query.collect(from: connection, kind: .GET_ARGUMENT_KIND)
        headers.collect(from: connection, kind: .HEADER_KIND)
        request = HTTPRequest(method: method ?? "", path: path ?? "", query: query.values, headers: headers.values)
        var storage = sockaddr_storage()
        if shim_mhd_client_address(connection, &storage) == 1 {
            let peer = PeerAddress(storage: storage, length: socklen_t(MemoryLayout<sockaddr_storage>.size))
            if !peer.isLoopback { request.remoteAddress = peer.hostText }
        }
        malformed = if method == nil || path == nil || query.invalid || headers.invalid {
            "MALFORMED_REQUEST: the request line, query or headers are not valid UTF-8"
        } else if version.map({ String(cString: $0) }) == "HTTP/1.1" && headers.values["host"] == nil {
            "MALFORMED_REQUEST: an HTTP/1.1 request must have a Host header"
        } else {
            nil
        }
    }

    /// Whether a body follows the head (a non-zero `Content-Length`, or a `Transfer-Encoding`).
    var announcesBody: Bool {
        request.headers["transfer-encoding"] != nil || request.headers["content-length"].map { $0 != "0" } ?? false
    }

    /// Bytes of the decoded query (names, values and separators).
    var queryBytes: Int {
        request.query.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
    }

    /// Bytes of the headers (names, values and separators).
    var headerBytes: Int {
        request.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
    }
}

/// Gathers one kind of key-value pair (headers or query arguments) from a libmicrohttpd connection.
private struct ValueCollector {
    /// When a name repeats: keep the first value (query) or join them with ", " (headers).
    let keepFirst: Bool
    /// The values gathered so far, by name (lower-cased for headers).
    var values: [String: String] = [:]
    /// Set when a name or value was not valid UTF-8.
    var invalid = false

    init(keepFirst: Bool) {
        self.keepFirst = keepFirst
    }

    mutating func collect(from connection: OpaquePointer, kind: MHD_ValueKind) {
        _ = withUnsafeMutablePointer(to: &self) { collector in
            shim_mhd_get_connection_values(connection, kind, { context, kind, key, value in
                guard let context, let key else { return .YES }
                let collector = context.assumingMemoryBound(to: ValueCollector.self)
                collector.pointee.add(key: key, value: value, lowercased: kind == .HEADER_KIND)
                return .YES
            }, collector)
        }
    }

    private mutating func add(key: UnsafePointer<CChar>, value: UnsafePointer<CChar>?, lowercased: Bool) {
        let text = if let value { String(validatingCString: value) } else { "" }
        guard let name = String(validatingCString: key), let text else {
            invalid = true
            return
        }
        let key = lowercased ? name.lowercased() : name
        if let existing = values[key] {
            if !keepFirst { values[key] = "\(existing), \(text)" }
        } else {
            values[key] = text
        }
    }
}
