import AuthCore
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends `RESTRequest`s with URLSession and returns the body of a 2xx answer, or the mapped `AuthError`.
///
/// The time limit is enforced here, not left to URLSession: on Linux a request's `timeoutInterval` gives way
/// to the session's (60 s for `.shared`) and fractions of a second are dropped. Cancelling the calling task
/// cancels the request.
struct RESTTransport: Sendable {
    let session: URLSession
    /// Seconds a request may take before it fails with NETWORK_REQUEST_FAILED.
    let timeout: TimeInterval

    /// The body of the 2xx answer to `request`.
    func send(_ request: RESTRequest) async throws(AuthError) -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await load(request.urlRequest(timeout: timeout))
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

    /// Runs a data task that is cancelled when `timeout` passes (failing with `URLError.timedOut`) or when the
    /// calling task is cancelled.
    private func load(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: pending.hasTimedOut ? URLError(.timedOut) : error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.start(task)
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { pending.cancel(timedOut: true) }
            }
        } onCancel: {
            pending.cancel(timedOut: false)
        }
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

/// A data task that may be cancelled from a timer or a task-cancellation handler, even before it starts.
private final class PendingTask: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
        var hasTimedOut = false
    }

    private let state = Mutex(State())

    /// Whether the time limit cancelled the task.
    var hasTimedOut: Bool { state.withLock { $0.hasTimedOut } }

    /// Resumes `task`, or cancels it at once when cancellation came first.
    func start(_ task: URLSessionDataTask) {
        let isCancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if isCancelled { task.cancel() }
    }

    /// Cancels the task (a no-op once it has finished).
    func cancel(timedOut: Bool) {
        let task = state.withLock { state in
            if !state.isCancelled { state.hasTimedOut = timedOut }
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
