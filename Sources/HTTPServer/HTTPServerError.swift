import FoundationEssentials

/// Why an HTTP server could not be created or started.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host resolves to an address other than loopback and `allowNonLoopback` was not set.
    case nonLoopbackHost(String)
    /// The host name or address could not be resolved to an IPv4 or IPv6 address.
    case unresolvableHost(String, reason: String)
    /// libmicrohttpd could not listen on the address (port in use, permission denied…).
    case cannotListen(host: String, port: UInt16, reason: String)
    /// `start()` was called on a server that is already running.
    case alreadyRunning

    /// A sentence naming the problem, for logs and the command line.
    public var description: String {
        switch self {
        case .nonLoopbackHost(let host):
            "Refusing to listen on \(host): it is not a loopback address (pass allowNonLoopback to allow it)."
        case .unresolvableHost(let host, let reason):
            "Cannot resolve host \(host): \(reason)."
        case .cannotListen(let host, let port, let reason):
            "Cannot listen on \(host) port \(port): \(reason)."
        case .alreadyRunning:
            "The HTTP server is already running."
        }
    }
}
