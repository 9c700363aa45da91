import Synchronization

/// Counts the connections libmicrohttpd serves, so that the gate hands it one only while a place is free.
///
/// libmicrohttpd 0.9.75 (Debian 12's) never unlocks a mutex when its own connection limit is found reached under
/// it: the daemon, and every connection after, then hangs for good (fixed upstream in 1.0). A flood of requests
/// racing for the last places reached that path. So libmicrohttpd's limit is set above `limit`, and the gate keeps
/// a complete head waiting until a place here is free. A socket handed over is pending until libmicrohttpd says the
/// connection started; pending sockets are kept by number, so one that libmicrohttpd dropped before starting it
/// (it could not allocate its memory) is forgotten when the number comes back.
final class ConnectionPlaces: Sendable {
    /// Sockets handed over that libmicrohttpd has not started yet, and connections it serves.
    private struct Count {
        var pending: Set<Int32> = []
        var live = 0
    }

    /// Connections served at once.
    let limit: Int
    private let count = Mutex(Count())

    /// Keeps at most `limit` connections served at once.
    init(limit: Int) {
        self.limit = limit
    }

    /// Whether another connection may be handed over now.
    var hasRoom: Bool {
        count.withLock { $0.pending.count + $0.live < limit }
    }

    /// `socket` is being handed over.
    func handOver(_ socket: Int32) {
        _ = count.withLock { $0.pending.insert(socket) }
    }

    /// libmicrohttpd refused `socket` at once (and closed it).
    func refused(_ socket: Int32) {
        _ = count.withLock { $0.pending.remove(socket) }
    }

    /// libmicrohttpd started serving the connection on `socket`.
    func started(_ socket: Int32) {
        count.withLock { count in
            count.pending.remove(socket)
            count.live += 1
        }
    }

    /// libmicrohttpd closed a connection it had started.
    func closed() {
        count.withLock { $0.live -= 1 }
    }
}
