import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The requests whose head libmicrohttpd has and whose body is still arriving, oldest first, at most `limit`.
///
/// A body that stops arriving keeps its connection, and its thread, until the request deadline: 256 of them took
/// every place of libmicrohttpd, which then closed every new client unanswered. So when one more body starts
/// arriving with every place here taken, the oldest is cut off: its socket is shut down (never closed, so its
/// number cannot be reused under libmicrohttpd), and libmicrohttpd closes the connection as a client's hang-up.
/// An entry leaves before its connection can close (at its body's end, or when the request is over), and cuts
/// happen under the same lock, so a socket is only ever shut down while libmicrohttpd still holds it.
final class ArrivingBodies: Sendable {
    /// One request still receiving its body.
    private struct Entry {
        let request: ObjectIdentifier
        let socket: Int32
    }

    private let limit: Int
    private let entries = Mutex<[Entry]>([])

    /// Keeps at most `limit` requests receiving their bodies at once.
    init(limit: Int) {
        self.limit = limit
    }

    /// The body of `request`, served on `socket`, starts arriving; the oldest arriving body is cut off if every
    /// place is taken.
    func begin(_ request: AnyObject, socket: Int32) {
        entries.withLock { entries in
            if entries.count >= limit {
                shutdown(entries.removeFirst().socket, Int32(SHUT_RDWR))
            }
            entries.append(Entry(request: ObjectIdentifier(request), socket: socket))
        }
    }

    /// The body of `request` has arrived in full, or the request is over; does nothing if it was not arriving.
    func end(_ request: AnyObject) {
        let identifier = ObjectIdentifier(request)
        entries.withLock { entries in entries.removeAll { $0.request == identifier } }
    }
}
