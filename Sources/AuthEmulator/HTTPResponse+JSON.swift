import FoundationEssentials
import JSON
import HTTPServer

extension HTTPResponse {
    /// A JSON answer of the API: `object` with sorted keys and unescaped slashes, as Firebase writes it.
    static func json(_ object: [String: Any], status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        let body = JSONValue(any: object)?.data(escapingSlashes: false) ?? Data("{}".utf8)
        return HTTPResponse(status: status,
                            headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { $1 },
                            body: body)
    }
}
