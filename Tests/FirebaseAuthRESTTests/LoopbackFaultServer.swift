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

    /// A listener that answers every connection with `status` and `body`, after reading the request.
    static func answering(status: Int, body: String) throws -> LoopbackFaultServer {
        let server = try listening(backlog: 8)
        let response = "HTTP/1.1 \(status) Canned\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        Thread.detachNewThread {
            while true {
                let connection = accept(server.descriptor, nil, nil)
                guard connection >= 0 else { return }
                readRequest(connection)
                _ = response.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                Glibc.close(connection)
            }
        }
        return server
    }

    /// Reads the headers and the `Content-Length` bytes of body that follow them.
    private static func readRequest(_ connection: Int32) {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let length = text[..<end.lowerBound].split(separator: "\r\n")
                .first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if text[end.upperBound...].utf8.count >= length { return }
        }
    }

    /// Stops listening.
    func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
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
