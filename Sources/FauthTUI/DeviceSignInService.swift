import AuthCore
import AuthFlow
import FirebaseAuthREST
import FoundationEssentials
import Synchronization

/// Device-code sign-ins with identity providers (RFC 8628): the code to show, then polling the provider until
/// the person approves it. The device code stays here, never in the Navigator's state.
public final class DeviceSignInService: DeviceSignInProviding {
    /// A code shown and how to poll for it.
    private struct Pending: Sendable {
        let client: DeviceAuthorizationClient
        let grant: DeviceCodeGrant
    }

    private let transport: any HTTPTransport
    /// The codes shown, by user code, until their polling starts.
    private let pending = Mutex<[String: Pending]>([:])

    public init(transport: any HTTPTransport = CurlTransport.shared) {
        self.transport = transport
    }

    /// Asks the provider of `button` for a code.
    ///
    /// Errors: OPERATION_NOT_ALLOWED when the button names no device client, and those of the request.
    public func begin(_ button: IdentityProviderButton) async throws(AuthError) -> DeviceSignIn.Start {
        guard let provider = DeviceAuthorizationProvider(button: button) else {
            throw AuthError(.operationNotAllowed, detail: "\(button.providerID) has no device client")
        }
        let client = DeviceAuthorizationClient(provider: provider, transport: transport)
        let grant = try await client.requestCode()
        let receivedAt = Date()
        let left = ContinuousClock.now.duration(to: grant.expiresAt).components
        pending.withLock { $0[grant.userCode] = Pending(client: client, grant: grant) }
        return DeviceSignIn.Start(button: button, userCode: grant.userCode,
                                  verificationURI: grant.verificationURI.absoluteString,
                                  verificationURIComplete: grant.verificationURIComplete?.absoluteString,
                                  receivedAt: receivedAt,
                                  expiresAt: receivedAt.addingTimeInterval(TimeInterval(left.seconds)))
    }

    /// The provider's credential once the person approves `start`'s code; cancelling the task stops polling.
    public func approval(_ start: DeviceSignIn.Start) async throws(AuthError) -> IdentityProviderCredential {
        guard let shown = pending.withLock({ $0.removeValue(forKey: start.userCode) }) else {
            throw AuthError(.webContextCancelled, detail: "no device code \(start.userCode) pending")
        }
        return try await shown.client.credential(for: shown.grant)
    }
}
