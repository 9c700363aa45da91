import FoundationEssentials
import Synchronization

/// Browser sign-ins begun with `createAuthUri` and the codes their authorization page issued, in memory.
///
/// A hand-off lives 10 minutes from `createAuthUri`; a code works once, for the session and the address it
/// was issued for. Memory stays bounded: each project or tenant keeps at most `perScopeLimit` hand-offs (pending
/// or holding a code) and the emulator `totalLimit`; a new one past either drops the oldest.
final class IdentityProviderHandoffs: Sendable {
    /// How long a hand-off and its code stay usable.
    static let lifetime: TimeInterval = 600
    /// Hand-offs kept for one project or tenant: far more sign-ins than a test has under way at once.
    static let perScopeLimit = 100
    /// Hand-offs kept across every project and tenant.
    static let totalLimit = 1_000

    /// One `createAuthUri` for a provider: where the authorization page sends the browser back.
    struct Handoff: Sendable {
        var scope: EmulatorScope
        var providerID: String
        var continueURI: String
        var sessionID: String
        /// The OAuth `state` the page echoes back to `continueURI`.
        var state: String
        var createdAt: Date
        /// How many hand-offs were added before this one (set by `add`): the lowest goes first at a limit.
        var order = 0
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
        var added = 0

        func count(in scope: EmulatorScope) -> Int {
            byState.values.count { $0.scope == scope } + byCode.values.count { $0.handoff.scope == scope }
        }

        /// Drops the oldest hand-off of `scope` (of any scope when nil), pending or holding a code.
        mutating func dropOldest(in scope: EmulatorScope?) {
            var oldest: (key: String, order: Int, hasCode: Bool)?
            func consider(_ key: String, _ handoff: Handoff, hasCode: Bool) {
                guard scope == nil || handoff.scope == scope else { return }
                if let current = oldest, current.order < handoff.order { return }
                oldest = (key, handoff.order, hasCode)
            }
            for (state, handoff) in byState { consider(state, handoff, hasCode: false) }
            for (code, grant) in byCode { consider(code, grant.handoff, hasCode: true) }
            guard let oldest else { return }
            if oldest.hasCode {
                byCode.removeValue(forKey: oldest.key)
            } else {
                byState.removeValue(forKey: oldest.key)
            }
        }
    }

    private let storage = Mutex(Storage())

    /// Records a hand-off, dropping expired ones, and the oldest of its scope (or of all) when at a limit.
    func add(_ handoff: Handoff) {
        storage.withLock { storage in
            Self.dropExpired(&storage, now: handoff.createdAt)
            if storage.count(in: handoff.scope) >= Self.perScopeLimit { storage.dropOldest(in: handoff.scope) }
            if storage.byState.count + storage.byCode.count >= Self.totalLimit { storage.dropOldest(in: nil) }
            var handoff = handoff
            handoff.order = storage.added
            storage.added += 1
            storage.byState[handoff.state] = handoff
        }
    }

    /// The hand-offs kept for `scope` (pending or holding a code), live or not yet dropped.
    func count(in scope: EmulatorScope) -> Int {
        storage.withLock { $0.count(in: scope) }
    }

    /// Every hand-off kept, live or not yet dropped.
    var count: Int {
        storage.withLock { $0.byState.count + $0.byCode.count }
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
