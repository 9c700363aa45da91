import HTTPServer

/// Cross-origin resource sharing as Firebase's emulator allows it: every origin, method and header, so web apps
/// on any origin can call it (its APIs use no cookies). Origins and requested headers are reflected rather than
/// answered with `*`, which clients sending credentials refuse.
enum CrossOriginSharing {
    /// The methods a preflight allows.
    static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"

    /// The 204 answer to a preflight (any `OPTIONS` request), nil for other requests.
    static func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method.uppercased() == "OPTIONS" else { return nil }
        var headers = ["Access-Control-Allow-Methods": allowedMethods]
        if let requested = request.header("access-control-request-headers") {
            headers["Access-Control-Allow-Headers"] = requested
        }
        return HTTPResponse(status: 204, headers: headers)
    }

    /// `response` with the sharing headers `request` calls for: its origin reflected, and
    /// `access-control-allow-private-network` when a page on a public address asks to reach this one.
    static func allowing(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        var response = response
        var varies = ["Origin"]
        if let origin = request.header("origin") { response.headers["Access-Control-Allow-Origin"] = origin }
        if response.headers["Access-Control-Allow-Headers"] != nil { varies.append("Access-Control-Request-Headers") }
        response.headers["Vary"] = varies.joined(separator: ", ")
        if request.header("access-control-request-private-network") != nil {
            response.headers["Access-Control-Allow-Private-Network"] = "true"
        }
        return response
    }
}
