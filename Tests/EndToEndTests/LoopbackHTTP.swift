import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange with a server on 127.0.0.1 over a fresh connection, read to its end (the emulator closes
/// every connection after its answer).
enum LoopbackHTTP {
    /// The connection failed or the answer was cut off: the server is gone.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to `port` and reads the answer; gives up after `timeout` seconds without a byte.
    static func exchange(_ request: FuzzRequest, port: UInt16, timeout: Int = 20) throws -> FuzzAnswer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(socket) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect: errno \(errno)") }
        send(head(of: request, port: port) + request.body, on: socket)
        return try answer(Self.readToEnd(socket))
    }

    /// The request line and headers.
    private static func head(of request: FuzzRequest, port: UInt16) -> Data {
        var target = request.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? request.path
        if !request.query.isEmpty {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+")
            target += "?" + request.query.sorted { $0.key < $1.key }.map { name, value in
                "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
        }
        var head = "\(request.method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(request.body.count)\r\n\r\n"
        return Data(head.utf8)
    }

    /// Sends all of `data`, stopping early if the peer has gone (its answer, if any, is still read).
    private static func send(_ data: Data, on socket: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    private static func readToEnd(_ socket: Int32) -> Data {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return received }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// The status and body of a whole HTTP answer.
    private static func answer(_ raw: Data) throws -> FuzzAnswer {
        guard let end = raw.firstRange(of: Data("\r\n\r\n".utf8)),
              let statusLine = String(decoding: raw[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n").first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "no HTTP answer (\(raw.count) bytes)")
        }
        return FuzzAnswer(status: status, body: Data(raw[end.upperBound...]))
    }
}
