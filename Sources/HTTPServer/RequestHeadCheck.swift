import FoundationEssentials

/// Finds, in the bytes of a request head, the faults libmicrohttpd would answer with an HTML page of its own, so
/// that the head gate answers them in JSON first: a request line that is not `METHOD TARGET HTTP/1.x` (HTTP/0.9
/// gets 400, another major version 505), too many header lines (431), a header line without a name, a
/// `Content-Length` that is not one decimal number within the body limit (400 or 413), and a `Transfer-Encoding`
/// other than `chunked` (501).
struct RequestHeadCheck {
    /// What the bytes of a head allow.
    enum Verdict: Equatable {
        /// Nothing wrong so far; the head goes on.
        case incomplete
        /// The answer to send instead of serving the request.
        case refused(HTTPResponse)
        /// A whole head of `length` bytes to serve; a `chunked` body follows it.
        case complete(length: Int, chunked: Bool)
    }

    /// Header lines let through; more get 431. libmicrohttpd keeps a record of each in its 256 KiB pool and
    /// answers a full pool in HTML.
    static let maximumHeaderLines = 1_000

    /// Largest body a request may announce; a larger `Content-Length` gets 413.
    let maxBodyBytes: Int

    /// What `bytes` (what arrived so far, perhaps with some body after the head) allow.
    func verdict(for bytes: ArraySlice<UInt8>) -> Verdict {
        // Servers skip empty lines before the request line.
        var rest = bytes.drop { $0 == 0x0D || $0 == 0x0A }
        let lineEnd = rest.firstIndex(of: 0x0A)
        if (lineEnd ?? rest.endIndex) - rest.startIndex > HeadGate.maximumRequestLineBytes {
            return .refused(RequestDispatcher.targetTooLong)
        }
        guard let lineEnd else { return .incomplete }
        if let fault = Self.requestLineFault(Self.droppingCR(rest[..<lineEnd])) { return .refused(fault) }
        rest = rest[(lineEnd + 1)...]
        var headerLines = 0
        var declaredLength: String?
        var encoding: String?
        var complete = false
        while let end = rest.firstIndex(of: 0x0A) {
            let line = Self.droppingCR(rest[..<end])
            rest = rest[(end + 1)...]
            if line.isEmpty {
                complete = true
                break
            }
            headerLines += 1
            if headerLines > Self.maximumHeaderLines { return .refused(RequestDispatcher.headersTooLarge) }
            // A line starting with a space or tab continues the header before it.
            if line.first == 0x20 || line.first == 0x09 { continue }
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                  !line[..<colon].contains(where: { $0 == 0x20 || $0 == 0x09 }) else {
                return .refused(Self.malformed("a header line has no name"))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: Self.trimmingBlanks(line[(colon + 1)...]), as: UTF8.self)
            if name == "transfer-encoding" && encoding == nil { encoding = value.lowercased() }
            guard name == "content-length" else { continue }
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }),
                  declaredLength.map({ $0 == value }) ?? true else {
                return .refused(Self.malformed("Content-Length must be one decimal number"))
            }
            declaredLength = value
        }
        let headBytes = complete ? rest.startIndex - bytes.startIndex : bytes.count
        if headBytes > HeadGate.maximumHeadBytes { return .refused(RequestDispatcher.headersTooLarge) }
        if let declaredLength, Int(declaredLength).map({ $0 > maxBodyBytes }) ?? true {
            return .refused(RequestDispatcher.tooLarge(maxBodyBytes))
        }
        // libmicrohttpd reads a chunked body when the first Transfer-Encoding is exactly "chunked", and waits for
        // the client to close when it is anything else.
        if let encoding, encoding != "chunked" {
            return .refused(.jsonError(status: 501,
                                       message: "NOT_IMPLEMENTED: only the chunked Transfer-Encoding is read"))
        }
        return complete ? .complete(length: headBytes, chunked: encoding != nil) : .incomplete
    }

    /// The answer to a request line that is not `METHOD TARGET HTTP/<major>.<minor>` with major version 1.
    private static func requestLineFault(_ line: ArraySlice<UInt8>) -> HTTPResponse? {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return malformed("the request line must be METHOD TARGET HTTP/1.1 (HTTP/0.9 is not served)")
        }
        let version = Array(parts[2])
        let digit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), digit(version[5]), version[6] == 0x2E,
              digit(version[7]) else {
            return malformed("the request line must end with the HTTP version")
        }
        guard version[5] == 0x31 else {
            return .jsonError(status: 505,
                              message: "HTTP_VERSION_NOT_SUPPORTED: only HTTP/1.0 and HTTP/1.1 are served")
        }
        return nil
    }

    /// A header value without the spaces and tabs around it.
    private static func trimmingBlanks(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let start = value.firstIndex { !isBlank($0) } ?? value.endIndex
        let end = value.lastIndex { !isBlank($0) }.map { $0 + 1 } ?? start
        return value[start..<end]
    }

    /// A line without the carriage return before its line feed.
    private static func droppingCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == 0x0D ? line.dropLast() : line
    }

    /// The 400 answer to a head that is not HTTP/1.x.
    private static func malformed(_ problem: String) -> HTTPResponse {
        .jsonError(status: 400, message: "MALFORMED_REQUEST: \(problem)")
    }
}
