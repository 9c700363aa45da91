import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP client for what URLSession and curl will not do: stalled or abandoned bodies, raw bytes.
public final class RawClient {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds.
    public init(port: UInt16, timeout: Int = 5) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED
            close(descriptor)
            throw POSIXError(code)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `text`.
    public func send(_ text: String) {
        send(Data(text.utf8))
    }

    /// Sends all of `data`, stopping early if the peer has gone.
    public func send(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let remaining = bytes.count - offset
                let sent = Glibc.send(descriptor, bytes.baseAddress! + offset, remaining, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Whether the server has closed its side (end of stream waiting), without blocking.
    public func isClosedByPeer() -> Bool {
        var probe: UInt8 = 0
        return recv(descriptor, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// Reads until the peer closes the connection or the read times out.
    public func readToEnd() -> String {
        String(decoding: readBytesToEnd(), as: UTF8.self)
    }

    /// Reads bytes until the peer closes the connection or the read times out.
    public func readBytesToEnd() -> Data {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return received }
            received.append(contentsOf: buffer[0..<count])
        }
    }
}
