import FoundationEssentials

extension URL {
    /// Whether the address names this machine: `localhost`, 127.0.0.0/8 or `::1`.
    public var isLoopback: Bool {
        guard let host = host(percentEncoded: false)?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
