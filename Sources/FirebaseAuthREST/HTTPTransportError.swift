/// Why a transport got no HTTP answer; the codes and their numbers are those of Foundation's `URLError`.
public struct HTTPTransportError: Error, Equatable, Sendable {
    /// What kept the request from an answer.
    public enum Code: Int, Sendable {
        case unknown = -1
        case cancelled = -999
        case badURL = -1000
        case timedOut = -1001
        case cannotFindHost = -1003
        case cannotConnectToHost = -1004
        case networkConnectionLost = -1005
        case dnsLookupFailed = -1006
        case notConnectedToInternet = -1009
        case badServerResponse = -1011
        case secureConnectionFailed = -1200
        case serverCertificateUntrusted = -1202
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }
}
