import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Cuts off connections whose request line and headers take longer than the request deadline to arrive.
///
/// libmicrohttpd's connection timeout counts only idle time, so a client sending a header byte every few seconds
/// would hold its connection for ever; the access handler only sees a request once its headers are complete.
/// A cut connection's socket is shut down, which libmicrohttpd's thread sees as the client leaving.
final class HeaderWatchdog: Sendable {
    /// An open connection: its socket, and since when it has been waiting for headers (nil while a request is
    /// being served).
    private struct Connection {
        let socket: Int32
        var waitingSince: ContinuousClock.Instant?
    }

    private let deadline: Duration
    /// Open connections by their address in libmicrohttpd.
    private let connections = Mutex([UInt: Connection]())

    init(deadline: Duration) {
        self.deadline = deadline
    }

    /// A connection was accepted: its first request's headers are awaited from now.
    func opened(_ connection: OpaquePointer) {
        let socket = shim_mhd_connection_socket(connection)
        guard socket >= 0 else { return }
        connections.withLock { $0[UInt(bitPattern: connection)] = Connection(socket: socket, waitingSince: .now) }
    }

    /// A request's headers arrived in full.
    func headersArrived(on connection: OpaquePointer) {
        connections.withLock { $0[UInt(bitPattern: connection)]?.waitingSince = nil }
    }

    /// A request was answered: the next one's headers (keep-alive) are awaited from now.
    func requestCompleted(on connection: OpaquePointer) {
        connections.withLock { $0[UInt(bitPattern: connection)]?.waitingSince = .now }
    }

    /// A connection is about to be closed (before its socket is, so a cut never hits a reused socket).
    func closed(_ connection: OpaquePointer) {
        _ = connections.withLock { $0.removeValue(forKey: UInt(bitPattern: connection)) }
    }

    /// Shuts down every connection that has waited for headers past the deadline.
    func cutOverdue() {
        let now = ContinuousClock.now
        connections.withLock { connections in
            for (key, connection) in connections {
                guard let since = connection.waitingSince, now - since >= deadline else { continue }
                shutdown(connection.socket, Int32(SHUT_RDWR))
                connections[key]?.waitingSince = nil
            }
        }
    }
}
