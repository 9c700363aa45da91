/// Whether a host address (4 bytes of IPv4 or 16 of IPv6, in network order) is on the loopback interface:
/// 127.0.0.0/8, ::1, or IPv4-mapped 127.x.
func isLoopbackHost(_ octets: [UInt8]) -> Bool {
    if octets.count == 4 { return octets[0] == 127 }
    let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]
    return octets == Array(repeating: 0, count: 15) + [1]
        || (Array(octets.prefix(12)) == mappedPrefix && octets[12] == 127)
}
