import AuthCore
import FoundationEssentials

/// The polling of RFC 8628 §3.5 as a pure state machine: each token-endpoint answer gives the next step.
public struct DeviceTokenPolling: Sendable, Equatable {
    /// What to do after an answer.
    public enum Step: Sendable, Equatable {
        /// Ask again after this wait.
        case wait(Duration)
        /// The person approved: sign in to Firebase with this credential.
        case signIn(IdentityProviderCredential)
        /// The flow is over without a credential.
        case fail(AuthError)
    }

    /// One answer of the token endpoint, already read.
    public enum Answer: Sendable, Equatable {
        case tokens(idToken: String?, accessToken: String?)
        /// An OAuth `error` code such as `authorization_pending`.
        case error(String)
    }

    public let provider: DeviceAuthorizationProvider
    public let expiresAt: ContinuousClock.Instant
    /// The current wait between polls: the grant's, plus 5 seconds for every `slow_down`.
    public private(set) var interval: Duration

    /// How much `slow_down` adds to the wait (RFC 8628 §3.5).
    static let slowDownIncrement = Duration.seconds(5)

    /// The shortest wait between polls of a provider on the network: RFC 8628's 5 seconds, whatever the grant
    /// says (an `interval` of 0 would otherwise poll hundreds of times a second).
    static let minimumInterval = Duration.seconds(5)

    /// The shortest wait for a token endpoint on this machine (a stand-in provider in tests or development).
    static let minimumLoopbackInterval = Duration.seconds(1)

    public init(provider: DeviceAuthorizationProvider, grant: DeviceCodeGrant) {
        self.provider = provider
        self.expiresAt = grant.expiresAt
        let floor = provider.tokenEndpoint.isLoopback ? Self.minimumLoopbackInterval : Self.minimumInterval
        self.interval = max(grant.interval, floor)
    }

    /// The step after `answer`, received at `now`.
    public mutating func step(after answer: Answer, at now: ContinuousClock.Instant) -> Step {
        switch answer {
        case .tokens(let idToken, let accessToken):
            let token = provider.tokenKind == .idToken ? idToken : accessToken
            guard let token, !token.isEmpty else {
                return .fail(AuthError(.invalidIdpResponse,
                                       detail: "\(provider.providerID) answered without \(provider.tokenKind.rawValue)"))
            }
            return .signIn(provider.tokenKind == .idToken
                ? IdentityProviderCredential(providerID: provider.providerID, idToken: token)
                : IdentityProviderCredential(providerID: provider.providerID, accessToken: token))
        case .error("authorization_pending"):
            return waitOrExpire(at: now)
        case .error("slow_down"):
            interval += Self.slowDownIncrement
            return waitOrExpire(at: now)
        case .error("expired_token"):
            return .fail(expired)
        case .error("access_denied"):
            return .fail(AuthError(.webContextCancelled, detail: "\(provider.providerID) sign-in was denied"))
        case .error(let code):
            return .fail(AuthError(.invalidIdpResponse, detail: "\(provider.providerID) answered \(code)"))
        }
    }

    private func waitOrExpire(at now: ContinuousClock.Instant) -> Step {
        now + interval < expiresAt ? .wait(interval) : .fail(expired)
    }

    private var expired: AuthError {
        AuthError(.webSignInTimedOut, detail: "the \(provider.providerID) device code expired")
    }
}
