import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A client's socket address as accepted, and its host part alone (for per-client limits).
struct PeerAddress: Sendable {
    let bytes: [UInt8]
    let host: [UInt8]

    init(storage: sockaddr_storage, length: socklen_t) {
        let raw = withUnsafeBytes(of: storage) { Array($0) }
        bytes = Array(raw.prefix(Int(length)))
        // The address inside sockaddr_in6 (sin6_addr) or sockaddr_in (sin_addr).
        host = Int32(storage.ss_family) == AF_INET6 ? Array(raw[8..<24]) : Array(raw[4..<8])
    }

    /// Whether the client connected from the loopback interface, where every local client shares the address.
    var isLoopback: Bool {
        isLoopbackHost(host)
    }

    /// The host part as text (`192.0.2.1`, `2001:db8::1`).
    var hostText: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = host.count == 4 ? AF_INET : AF_INET6
        _ = host.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls `body` with the socket address, valid only during the call.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        bytes.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) }
    }
}
