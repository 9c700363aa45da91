import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Real sockets on 127.0.0.1 that misbehave: a port nobody listens on, or a listener that never answers.
struct LoopbackFaultServer: Sendable {
    struct SocketError: Error {
        let call: String
    }

    let port: Int
    private let descriptor: Int32

    /// A port that was just free: bound, read, and closed again, so connecting to it is refused.
    static func closedPort() throws -> Int {
        let server = try listening(backlog: nil)
        server.close()
        return server.port
    }

    /// A listener whose connections the kernel accepts and nobody ever reads or answers.
    static func silent() throws -> LoopbackFaultServer {
        try listening(backlog: 8)
    }

    /// Stops listening.
    func close() {
        _ = Glibc.close(descriptor)
    }

    private static func listening(backlog: Int32?) throws -> LoopbackFaultServer {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw SocketError(call: "bind")
        }
        if let backlog, listen(descriptor, backlog) != 0 {
            Glibc.close(descriptor)
            throw SocketError(call: "listen")
        }
        return LoopbackFaultServer(port: Int(UInt16(bigEndian: address.sin_port)), descriptor: descriptor)
    }
}
