import AuthCore

/// One call to the backend, declared once: what it sends (its properties), what it answers (`Output`), what it
/// is doing meanwhile (`kind`: the busy text and the wording of its errors), whether Esc may abandon it, and how it
/// runs against the services (`run`). Adding a call is adding one such type (in `Calls/`); nothing central grows.
///
/// The Navigator only starts calls and reads their answers; the runner runs them.
public protocol BackendCall: Hashable, Sendable, CustomStringConvertible {
    associatedtype Output: Hashable & Sendable
    /// What the call is doing, for its busy text and the wording of its errors.
    var kind: OperationKind { get }
    /// Whether Esc may abandon the call. False for every call that changes the account: the screen waits for
    /// those, so it never disagrees with the backend.
    var canBeAbandoned: Bool { get }
    /// Runs the call.
    func run(in context: CallContext) async throws(AuthError) -> Output
    /// The credential a sign-in or link uses, kept to resolve a conflict it may hit; nil for other calls.
    var credential: AuthCredential? { get }
    /// Whether a guest signed in when it runs loses the guest session to the account it signs in to, rather than
    /// becoming that account (`upgradingGuests`: the configuration's `shouldAutoUpgradeAnonymousUsers`).
    func endsGuestSession(upgradingGuests: Bool) -> Bool
    /// The answer when local state gives it at once, on the calling thread (the local store's session); nil when
    /// the call must run.
    func answerAtOnce(in context: CallContext) -> Result<Output, AuthError>?
}

extension BackendCall {
    public var credential: AuthCredential? { nil }

    public func endsGuestSession(upgradingGuests: Bool) -> Bool { false }

    public func answerAtOnce(in context: CallContext) -> Result<Output, AuthError>? { nil }

    /// The call's answer as an event carries it.
    func response(in context: CallContext) async -> OperationResponse {
        do {
            return .success(try await run(in: context))
        } catch {
            return .failure(error)
        }
    }
}

/// A call as an operation keeps it: the exact call it started, which Retry sends again.
public struct AuthCall: Hashable, Sendable, CustomStringConvertible {
    /// The typed call.
    public let base: any BackendCall

    public init(_ call: some BackendCall) {
        base = call
    }

    public var kind: OperationKind { base.kind }
    public var canBeAbandoned: Bool { base.canBeAbandoned }
    public var credential: AuthCredential? { base.credential }
    /// Whether a guest loses the guest session when it runs.
    public func endsGuestSession(upgradingGuests: Bool) -> Bool { base.endsGuestSession(upgradingGuests: upgradingGuests) }
    /// Names the call without any password or code.
    public var description: String { base.description }

    /// Runs the call; its answer, or the error it failed with.
    public func run(in context: CallContext) async -> OperationResponse {
        await base.response(in: context)
    }

    /// Whether the call answers outputs of type `Output` (every sign-in answers a `SignInOutcome`).
    public func answers<Output>(_ type: Output.Type) -> Bool {
        outputType(of: base) == Output.self
    }

    private func outputType<Call: BackendCall>(of call: Call) -> Any.Type { Call.Output.self }

    /// The answer when local state gives it at once; nil when the call must run.
    public func answerAtOnce(in context: CallContext) -> OperationResponse? {
        answer(base, in: context)
    }

    private func answer<Call: BackendCall>(_ call: Call, in context: CallContext) -> OperationResponse? {
        call.answerAtOnce(in: context).map { result in
            switch result {
            case .success(let output): .success(output)
            case .failure(let error): .failure(error)
            }
        }
    }

    public static func == (lhs: AuthCall, rhs: AuthCall) -> Bool { isEqual(lhs.base, rhs.base) }

    public func hash(into hasher: inout Hasher) { hasher.combine(base) }
}

/// The answer to a call, as the runner sends it back: its output, or the error it failed with. The element that
/// started the call reads the output back by its type.
public struct OperationResponse: Hashable, Sendable {
    private let output: (any Hashable & Sendable)?
    /// The error, when the call failed.
    public let failure: AuthError?

    private init(output: (any Hashable & Sendable)?, failure: AuthError?) {
        self.output = output
        self.failure = failure
    }

    /// A call answered `output`.
    public static func success(_ output: some Hashable & Sendable) -> OperationResponse {
        OperationResponse(output: output, failure: nil)
    }

    /// A call failed with `error`.
    public static func failure(_ error: AuthError) -> OperationResponse {
        OperationResponse(output: nil, failure: error)
    }

    /// The output, when the call succeeded with one of exactly type `Output` (an empty array of one type is not
    /// taken for an empty array of another).
    public func output<Output: Hashable & Sendable>(_ type: Output.Type) -> Output? {
        guard let output, Swift.type(of: output) == Output.self else { return nil }
        return output as? Output
    }

    public static func == (lhs: OperationResponse, rhs: OperationResponse) -> Bool {
        guard lhs.failure == rhs.failure else { return false }
        guard let left = lhs.output, let right = rhs.output else { return lhs.output == nil && rhs.output == nil }
        return isEqual(left, right)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(failure)
        if let output { hasher.combine(output) }
    }
}

extension OperationResponse: CustomStringConvertible {
    public var description: String {
        if let failure { return "failure(\(failure.code))" }
        return "success(\(output.map { "\(type(of: $0))" } ?? "nil"))"
    }
}

/// Whether two values of unknown types are the same value of the same type (a cast to `left`'s type, which needs no
/// conformance lookup, unlike `AnyHashable`).
private func isEqual<Value: Hashable>(_ left: Value, _ right: Any) -> Bool {
    (right as? Value) == left
}
