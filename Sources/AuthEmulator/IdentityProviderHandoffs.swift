import FoundationEssentials
import Synchronization

/// Browser sign-ins begun with `createAuthUri` and the codes their authorization page issued, in memory.
///
/// A hand-off lives 10 minutes from `createAuthUri`; a code works once, for the session and the address it
/// was issued for.
final class IdentityProviderHandoffs: Sendable {
    /// How long a hand-off and its code stay usable.
    static let lifetime: TimeInterval = 600

    /// One `createAuthUri` for a provider: where the authorization page sends the browser back.
    struct Handoff: Sendable {
        var scope: EmulatorScope
        var providerID: String
        var continueURI: String
        var sessionID: String
        /// The OAuth `state` the page echoes back to `continueURI`.
        var state: String
        var createdAt: Date
    }

    /// What the authorization page vouched for: the chosen identity's claims, for one hand-off.
    struct Grant: Sendable {
        var handoff: Handoff
        /// The claims as a JSON object string (the emulator's stand-in for the provider's ID token).
        var claims: String
    }

    private struct Storage {
        var byState: [String: Handoff] = [:]
        var byCode: [String: Grant] = [:]
    }

    private let storage = Mutex(Storage())

    /// Records a hand-off, dropping expired ones.
    func add(_ handoff: Handoff) {
        storage.withLock { storage in
            Self.dropExpired(&storage, now: handoff.createdAt)
            storage.byState[handoff.state] = handoff
        }
    }

    /// The live hand-off with this `state`.
    func handoff(state: String, now: Date) -> Handoff? {
        storage.withLock { storage in
            Self.dropExpired(&storage, now: now)
            return storage.byState[state]
        }
    }

    /// Ends the hand-off of `state` with a code for `claims`; nil when it is unknown or expired.
    func issueCode(_ code: String, state: String, claims: String, now: Date) -> Handoff? {
        storage.withLock { storage in
            Self.dropExpired(&storage, now: now)
            guard let handoff = storage.byState.removeValue(forKey: state) else { return nil }
            storage.byCode[code] = Grant(handoff: handoff, claims: claims)
            return handoff
        }
    }

    /// Ends the hand-off of `state` without a code (the person cancelled on the page).
    func cancel(state: String) -> Handoff? {
        storage.withLock { $0.byState.removeValue(forKey: state) }
    }

    /// Takes the grant of `code`: it works once.
    func redeem(code: String, now: Date) -> Grant? {
        storage.withLock { storage in
            Self.dropExpired(&storage, now: now)
            return storage.byCode.removeValue(forKey: code)
        }
    }

    private static func dropExpired(_ storage: inout Storage, now: Date) {
        let oldest = now.addingTimeInterval(-lifetime)
        storage.byState = storage.byState.filter { $0.value.createdAt > oldest }
        storage.byCode = storage.byCode.filter { $0.value.handoff.createdAt > oldest }
    }
}
