import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A resolved socket address to listen on, kept as the bytes of a `sockaddr_in` or `sockaddr_in6`.
struct ListenAddress: Sendable {
    /// The raw socket address.
    let bytes: [UInt8]
    /// `AF_INET` or `AF_INET6`.
    let family: Int32

    /// Resolves `host` (a name or numeric address) for `port`, preferring IPv4 when a name has both.
    init(host: String, port: UInt16) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw HTTPServerError.unresolvableHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var candidates: [ListenAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            let info = current.pointee
            if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                let raw = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                candidates.append(ListenAddress(bytes: Array(raw), family: info.ai_family))
            }
            entry = info.ai_next
        }
        guard let chosen = candidates.first(where: { $0.family == AF_INET }) ?? candidates.first else {
            throw HTTPServerError.unresolvableHost(host, reason: "no IPv4 or IPv6 address")
        }
        self = chosen
    }

    private init(bytes: [UInt8], family: Int32) {
        self.bytes = bytes
        self.family = family
    }

    /// Whether the address is on the loopback interface: 127.0.0.0/8, ::1, or IPv4-mapped 127.x.
    var isLoopback: Bool {
        withSocketAddress { address in
            if family == AF_INET {
                let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                return isLoopbackHost(withUnsafeBytes(of: ipv4) { Array($0) })
            }
            let ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            return isLoopbackHost(withUnsafeBytes(of: ipv6) { Array($0) })
        }
    }

    /// A non-blocking socket listening on this address, and the port it got; nil with `errno` set when it cannot.
    ///
    /// Connections it accepts get a receive buffer of at least `receiveBuffer` bytes, so a client can send that
    /// much before anything is read.
    func listen(receiveBuffer: Int) -> (socket: Int32, port: UInt16)? {
        let listener = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { return nil }
        var on: Int32 = 1, buffer = Int32(clamping: receiveBuffer)
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(listener, SOL_SOCKET, SO_RCVBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let listening = withSocketAddress { Glibc.bind(listener, $0, socklen_t(bytes.count)) } == 0
            && Glibc.listen(listener, SOMAXCONN) == 0
            && withUnsafeMutablePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
            } == 0
        guard listening else {
            let failure = errno
            close(listener)
            errno = failure
            return nil
        }
        // sin_port and sin6_port sit at the same offset, in network byte order.
        let port = withUnsafeBytes(of: &bound) { UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self)) }
        return (listener, port)
    }

    /// Calls `body` with a pointer to the socket address, valid only during the call.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { raw in
            try body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self))
        }
    }
}
