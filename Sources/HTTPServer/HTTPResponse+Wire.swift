import FoundationEssentials

extension HTTPResponse {
    /// The response as bytes on the wire, for answers written without libmicrohttpd (the head gate's refusals, a
    /// chunked body's framing faults); it closes the connection.
    var closingWireBytes: Data {
        let reason = switch status {
        case 400: "Bad Request"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }
}
