import AuthCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `RESTRequest`s with URLSession and returns the body of a 2xx answer, or the mapped `AuthError`.
struct RESTTransport: Sendable {
    let session: URLSession
    /// Seconds a request may take before it fails with NETWORK_REQUEST_FAILED.
    let timeout: TimeInterval

    /// The body of the 2xx answer to `request`.
    func send(_ request: RESTRequest) async throws(AuthError) -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request.urlRequest(timeout: timeout))
        } catch {
            throw RESTErrorMapping.transportError(error, operation: request.operation)
        }
        guard let http = response as? HTTPURLResponse else {
            throw AuthError(.internalError, detail: "\(request.operation): not an HTTP answer")
        }
        guard (200..<300).contains(http.statusCode) else {
            throw RESTErrorMapping.error(status: http.statusCode, body: data, operation: request.operation,
                                         secrets: request.secrets)
        }
        return data
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
