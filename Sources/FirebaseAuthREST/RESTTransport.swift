import AuthCore
import FoundationEssentials

/// Sends `RESTRequest`s over an `HTTPTransport` and returns the body of a 2xx answer, or the mapped `AuthError`.
struct RESTTransport: Sendable {
    let http: any HTTPTransport
    /// Seconds a request may take before it fails with NETWORK_REQUEST_FAILED.
    let timeout: TimeInterval
    /// Where an answer's unknown error code is noted.
    let unrecognized = UnrecognizedErrorCodes()

    /// The body of the 2xx answer to `request`.
    func send(_ request: RESTRequest) async throws(AuthError) -> Data {
        let response: HTTPTransportResponse
        do {
            response = try await http.send(request.transportRequest, timeout: timeout)
        } catch {
            throw RESTErrorMapping.transportError(error, operation: request.operation)
        }
        guard (200..<300).contains(response.status) else {
            let error = RESTErrorMapping.error(status: response.status, body: response.body,
                                               operation: request.operation, secrets: request.secrets)
            unrecognized.note(error)
            throw error
        }
        return response.body
    }

    /// The 2xx answer to `request` decoded as `Response`; INTERNAL_ERROR when it is not.
    func send<Response: Decodable>(_ request: RESTRequest, as type: Response.Type) async throws(AuthError)
        -> Response {
        let data = try await send(request)
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw RESTErrorMapping.malformedResponse(operation: request.operation)
        }
    }
}
