import FirebaseAuthREST
import FoundationEssentials
import JSON

/// Calls an app's blocking functions over HTTP (the REST client's libcurl transport), on the thread serving the
/// request, each call bounded by `timeout`: an unreachable or silent function fails the sign-in with Firebase's
/// error instead of holding it.
struct BlockingFunctionCaller: Sendable {
    /// Firebase's emulator gives a blocking function 60 seconds.
    static let defaultTimeout: TimeInterval = 60

    /// How long a call may take.
    var timeout: TimeInterval = defaultTimeout

    /// What the function at `url` answers to `token` (posted as `{"data": {"jwt": token}}`) for `event`.
    ///
    /// Errors: BLOCKING_FUNCTION_ERROR_RESPONSE, as Firebase's emulator words them: 500 when no answer came
    /// ("Deadline exceeded making request to …" after `timeout`, "Failed to make request to …" otherwise), 400
    /// for an answer other than 2xx (its status and body), and those of `BlockingFunctionResponse`.
    func call(_ url: URL, token: String, event: BlockingFunctionEvent) throws(APIError) -> BlockingFunctionResponse {
        let body = JSONValue.object(["data": .object(["jwt": .string(token)])]).data()
        let request = HTTPTransportRequest(method: "POST", url: url, contentType: "application/json", body: body)
        let response: HTTPTransportResponse
        do {
            response = try CurlTransport.shared.sendWaiting(request, timeout: timeout)
        } catch let error as HTTPTransportError where error.code == .timedOut {
            throw BlockingFunctionResponse.failure(status: 500,
                                                   "Deadline exceeded making request to \(url.absoluteString).")
        } catch {
            throw BlockingFunctionResponse.failure(status: 500, "Failed to make request to \(url.absoluteString).")
        }
        guard (200..<300).contains(response.status) else {
            let text = String(decoding: response.body, as: UTF8.self)
            throw BlockingFunctionResponse.failure(
                status: 400, "HTTP request to \(url.absoluteString) returned HTTP error \(response.status): \(text)")
        }
        return try BlockingFunctionResponse(body: response.body, event: event)
    }
}
