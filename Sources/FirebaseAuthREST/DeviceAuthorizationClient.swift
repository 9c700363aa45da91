import AuthCore
import FoundationEssentials
import JSON

/// RFC 8628 device authorization against one provider: ask for a code, then poll until the person approves it.
///
/// The token endpoint's answers drive `DeviceTokenPolling`; what it says is read from JSON, or from a form body
/// (GitHub answers forms unless asked otherwise). The device code is a secret and never appears in an error.
public struct DeviceAuthorizationClient: Sendable {
    public let provider: DeviceAuthorizationProvider
    private let transport: RESTTransport
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Requests go through `transport` within `timeout` seconds; `sleep` waits between polls (cancelling the
    /// calling task ends it), `clock` tells the time the grant expires by.
    public init(provider: DeviceAuthorizationProvider, transport: any HTTPTransport = CurlTransport.shared,
                timeout: TimeInterval = 30,
                clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.provider = provider
        self.transport = RESTTransport(http: transport, timeout: timeout)
        self.clock = clock
        self.sleep = sleep
    }

    /// The code to show the person, from the provider's device authorization endpoint.
    public func requestCode() async throws(AuthError) -> DeviceCodeGrant {
        var fields = [("client_id", provider.clientID)]
        if !provider.scopes.isEmpty { fields.append(("scope", provider.scopes.joined(separator: " "))) }
        let request = RESTRequest(operation: "device authorization", url: provider.deviceAuthorizationEndpoint,
                                  body: .form(fields))
        let body = try await transport.send(request)
        guard let grant = DeviceCodeGrant(json: body, receivedAt: clock()) else {
            throw RESTErrorMapping.malformedResponse(operation: request.operation)
        }
        return grant
    }

    /// The credential once the person approves `grant`, polling at its interval; throws when it expires, is
    /// denied, or the task is cancelled (WEB_CONTEXT_CANCELLED).
    public func credential(for grant: DeviceCodeGrant) async throws(AuthError) -> IdentityProviderCredential {
        var polling = DeviceTokenPolling(provider: provider, grant: grant)
        var step = DeviceTokenPolling.Step.wait(polling.interval)
        while true {
            switch step {
            case .signIn(let credential):
                return credential
            case .fail(let error):
                throw error
            case .wait(let interval):
                do {
                    try await sleep(interval)
                } catch {
                    throw AuthError(.webContextCancelled, detail: "device sign-in cancelled in the app")
                }
                let answer = try await poll(grant)
                step = polling.step(after: answer, at: clock())
            }
        }
    }

    /// One request to the token endpoint and what it said.
    private func poll(_ grant: DeviceCodeGrant) async throws(AuthError) -> DeviceTokenPolling.Answer {
        var fields = [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
                      ("device_code", grant.deviceCode), ("client_id", provider.clientID)]
        if let secret = provider.clientSecret { fields.append(("client_secret", secret)) }
        let request = HTTPTransportRequest(method: "POST", url: provider.tokenEndpoint,
                                           contentType: "application/x-www-form-urlencoded",
                                           body: Data(RESTRequest.formEncoded(fields).utf8))
        let response: HTTPTransportResponse
        do {
            response = try await transport.http.send(request, timeout: transport.timeout)
        } catch {
            throw RESTErrorMapping.transportError(error, operation: "device token")
        }
        let answer = Self.fields(of: response.body)
        if let error = answer["error"] { return .error(error) }
        guard (200..<300).contains(response.status) else {
            throw AuthError(.internalError, detail: "device token: HTTP \(response.status)")
        }
        return .tokens(idToken: answer["id_token"], accessToken: answer["access_token"])
    }

    /// The string fields of a JSON object body, else of a form body.
    static func fields(of body: Data) -> [String: String] {
        if let object = (try? JSONValue(data: body))?.anyValue as? [String: Any] {
            return object.compactMapValues { $0 as? String }
        }
        let text = String(decoding: body, as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                PercentEncoding.decode(String($0).replacing("+", with: " ")) ?? String($0)
            }
            if parts.count == 2, fields[parts[0]] == nil { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}
