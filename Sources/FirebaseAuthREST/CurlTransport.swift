import CCurl
import Dispatch
import FoundationEssentials
import Synchronization

/// Sends requests with libcurl's easy interface, opened on the first request (see `CurlLibrary`).
///
/// A transfer runs on a worker thread with libcurl's own time limit (milliseconds are honoured). Cancelling
/// the calling task answers `.cancelled` at once and aborts the transfer at libcurl's next progress
/// call. Finished handles are kept for the next request, so a server's open connection is reused.
public final class CurlTransport: HTTPTransport {
    /// The transport `FirebaseAuthClient` uses unless given another.
    public static let shared = CurlTransport()

    /// How many finished handles (and their connections) are kept.
    private static let idleLimit = 4
    private let idle = Mutex<[EasyHandle]>([])

    public init() {}

    /// Whether libcurl, which requests open on first use, can be loaded.
    public static var isAvailable: Bool { CurlLibrary.shared != nil }

    public func send(_ request: HTTPTransportRequest, timeout: TimeInterval) async throws -> HTTPTransportResponse {
        guard let library = CurlLibrary.shared else { throw CurlUnavailable() }
        let transfer = CurlTransfer()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.await(continuation)
                DispatchQueue.global().async {
                    transfer.finish(self.perform(request, timeout: timeout, library: library, transfer: transfer))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// The answer to `request`, waited for on the calling thread within `timeout` seconds: for callers that are
    /// not async, such as the emulator's request threads calling an app's blocking functions.
    public func sendWaiting(_ request: HTTPTransportRequest, timeout: TimeInterval) throws -> HTTPTransportResponse {
        guard let library = CurlLibrary.shared else { throw CurlUnavailable() }
        return try perform(request, timeout: timeout, library: library, transfer: CurlTransfer()).get()
    }

    private func perform(_ request: HTTPTransportRequest, timeout: TimeInterval, library: CurlLibrary,
                         transfer: CurlTransfer) -> Result<HTTPTransportResponse, any Error> {
        let api = library.api
        guard let handle = idle.withLock({ $0.popLast() }) ?? shim_curl_easy_init(api).map(EasyHandle.init) else {
            return .failure(HTTPTransportError(.unknown))
        }
        defer { release(handle, library: library) }
        let easy = handle.pointer
        var headers = shim_curl_slist_append(api, nil, "Expect:")  // No 100-continue round trip.
        if let contentType = request.contentType {
            headers = shim_curl_slist_append(api, headers, "Content-Type: \(contentType)")
        }
        defer { shim_curl_slist_free_all(api, headers) }
        _ = shim_curl_setopt_pointer(api, easy, CURLOPT_URL, request.url.absoluteString)
        _ = shim_curl_setopt_pointer(api, easy, CURLOPT_HTTPHEADER, headers)
        _ = shim_curl_setopt_long(api, easy, CURLOPT_NOSIGNAL, 1)
        _ = shim_curl_setopt_long(api, easy, CURLOPT_TIMEOUT_MS, max(1, Int(timeout * 1000)))
        switch request.method {
        case "GET": _ = shim_curl_setopt_long(api, easy, CURLOPT_HTTPGET, 1)
        case "POST": _ = shim_curl_setopt_long(api, easy, CURLOPT_POST, 1)
        default: _ = shim_curl_setopt_pointer(api, easy, CURLOPT_CUSTOMREQUEST, request.method)
        }
        if let body = request.body {
            _ = shim_curl_setopt_offset(api, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            _ = body.withUnsafeBytes { shim_curl_setopt_pointer(api, easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
        }
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        _ = shim_curl_setopt_writer(api, easy, { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.received.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: size * count)
            return size * count
        }, context)
        _ = shim_curl_setopt_progress(api, easy, { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
        }, context)
        let code = withExtendedLifetime(transfer) { shim_curl_easy_perform(api, easy) }
        guard code == CURLE_OK else { return .failure(HTTPTransportError(Self.urlErrorCode(code))) }
        var status = 0
        _ = shim_curl_getinfo_long(api, easy, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPTransportResponse(status: status, body: transfer.received))
    }

    /// Keeps `handle` (reset, with its connections) for the next request, or frees it.
    private func release(_ handle: EasyHandle, library: CurlLibrary) {
        shim_curl_easy_reset(library.api, handle.pointer)
        let kept = idle.withLock { idle in
            guard idle.count < Self.idleLimit else { return false }
            idle.append(handle)
            return true
        }
        if !kept { shim_curl_easy_cleanup(library.api, handle.pointer) }
    }

    /// The `HTTPTransportError` code for a failed transfer, as `RESTErrorMapping` words it.
    static func urlErrorCode(_ code: CURLcode) -> HTTPTransportError.Code {
        switch code {
        case CURLE_COULDNT_CONNECT: .cannotConnectToHost
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_ABORTED_BY_CALLBACK: .cancelled
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: .networkConnectionLost
        case CURLE_PEER_FAILED_VERIFICATION: .serverCertificateUntrusted
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            .secureConnectionFailed
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: .badURL
        default: .unknown
        }
    }
}

/// A libcurl easy handle, used by one transfer at a time.
private struct EasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// One transfer: the caller's continuation, resumed once (by the answer or by cancellation), and the body,
/// which only the worker thread writes.
private final class CurlTransfer: @unchecked Sendable {
    private let continuation = Mutex<CheckedContinuation<HTTPTransportResponse, any Error>?>(nil)
    private let cancelled = Atomic(false)
    /// The answer's bytes so far; touched only by the thread running the transfer.
    var received = Data()

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Remembers who waits; a cancellation that came first answers at once.
    func await(_ waiting: CheckedContinuation<HTTPTransportResponse, any Error>) {
        continuation.withLock { $0 = waiting }
        if isCancelled { finish(.failure(HTTPTransportError(.cancelled))) }
    }

    /// Aborts the transfer and answers `HTTPTransportError.Code.cancelled`.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        finish(.failure(HTTPTransportError(.cancelled)))
    }

    /// Resumes the caller with `result`, unless it was already answered.
    func finish(_ result: Result<HTTPTransportResponse, any Error>) {
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}
