import AuthCore
import FoundationEssentials
import LocalAuth
import Synchronization

/// Every project and tenant an emulator serves, each scope with its own engine and settings, made the first
/// time a request writes to it, plus the projects' configuration resources (tenants, provider configurations).
public final class EmulatorProjects: Sendable {
    /// Makes the engine of a scope the first time a request writes to it.
    public typealias EngineFactory = @Sendable (EmulatorScope) throws(AuthError) -> LocalAuthEngine

    /// The project of requests whose path names none (the client API), and of the banner.
    public let defaultProject: String
    /// Whether only `defaultProject` is served (single-project mode ERROR); otherwise any project is.
    public let isPinned: Bool
    /// Whether production's rules apply (`fauth-tui emulator --strict`): ID tokens and session cookies signed
    /// and checked, opaque refresh tokens, `phoneSignInInfo` required, empty lists left out. Otherwise tokens
    /// and answers are Firebase's emulator's.
    public let isStrict: Bool
    /// Tenants, identity-provider configurations and project configuration, by resource name.
    let resources = ConfigResources()
    /// Browser sign-ins in progress (`createAuthUri` with a provider), whichever scope began them.
    let handoffs = IdentityProviderHandoffs()
    /// The answers the stand-in reCAPTCHA page issued, whichever scope uses them.
    let recaptchaTokens = RecaptchaTokens()
    /// The words of the authorization page those sign-ins open.
    public let handoffPageText: HandoffPageText
    /// Failed password sign-ins per remote client, across every scope.
    let clientSignIns = ClientSignInLimit()
    /// Calls the projects' blocking functions.
    let blockingFunctionCaller: BlockingFunctionCaller
    /// Posts account events to a Functions emulator, when an Emulator Hub names one.
    let authCloudFunction: AuthCloudFunction
    private let makeEngine: EngineFactory
    private let initialSettings: EmulatorSettings
    private let scopes = Mutex<[EmulatorScope: ScopeState]>([:])

    /// Projects served with engines from `makeEngine`, each scope starting with `settings`; a blocking function
    /// gets `blockingFunctionTimeout` seconds to answer (60 unless told, as in Firebase's emulator); account
    /// events go to the Functions emulator the Emulator Hub at `functionsEmulatorHub` (`host:port`) lists;
    /// `strict` applies production's rules (`isStrict`).
    public init(defaultProject: String, isPinned: Bool, settings: EmulatorSettings = EmulatorSettings(),
                strict: Bool = false, handoffPageText: HandoffPageText = .english,
                blockingFunctionTimeout: TimeInterval? = nil, functionsEmulatorHub: String? = nil,
                makeEngine: @escaping EngineFactory) {
        self.defaultProject = defaultProject
        authCloudFunction = AuthCloudFunction(hub: functionsEmulatorHub)
        blockingFunctionCaller = BlockingFunctionCaller(timeout: blockingFunctionTimeout
                                                            ?? BlockingFunctionCaller.defaultTimeout)
        self.handoffPageText = handoffPageText
        self.isPinned = isPinned
        isStrict = strict
        self.initialSettings = settings
        self.makeEngine = makeEngine
    }

    /// The engine and settings of `scope`, made the first time something is written to it. A pinned emulator
    /// serves no other project.
    ///
    /// Errors: those of `requireServed`; 500 when the engine cannot be made.
    func state(of scope: EmulatorScope) throws(APIError) -> ScopeState {
        try requireServed(scope)
        return try scopes.withLock { (states: inout [EmulatorScope: ScopeState]) throws(APIError) -> ScopeState in
            if let state = states[scope] { return state }
            let engine: LocalAuthEngine
            do throws(AuthError) {
                engine = try makeEngine(scope)
            } catch {
                throw APIError(error)
            }
            let state = ScopeState(engine: engine, settings: freshSettings())
            states[scope] = state
            return state
        }
    }

    /// The engine and settings of `scope` when something was written to it; nil while nothing was (a read then
    /// answers as an empty scope would, and nothing is made for it).
    ///
    /// Errors: those of `requireServed`.
    func existingState(of scope: EmulatorScope) throws(APIError) -> ScopeState? {
        try requireServed(scope)
        return scopes.withLock { $0[scope] }
    }

    /// A fresh copy of the settings every scope starts with.
    func freshSettings() -> SharedSettings {
        SharedSettings(initialSettings)
    }

    /// Refuses a scope this emulator does not serve.
    ///
    /// Errors: 400 in Firebase's words for another project when pinned; 404 NOT_FOUND for an id that cannot
    /// name a project; TENANT_NOT_FOUND for a tenant that was never created.
    func requireServed(_ scope: EmulatorScope) throws(APIError) {
        guard !isPinned || scope.project == defaultProject else {
            throw APIError("Multiple projectIds are not recommended in single project mode. Requested project ID "
                + "\(scope.project), but the emulator is configured for \(defaultProject). To opt-out of single "
                + "project mode start it with --single-project-mode warning or off.")
        }
        guard EmulatorScope.isValidID(scope.project) else {
            throw APIError(status: 404, code: "NOT_FOUND", detail: "\(scope.project) cannot name a project",
                           canonicalStatus: "NOT_FOUND")
        }
        if let tenant = scope.tenant {
            guard EmulatorScope.isValidID(tenant),
                  resources.get(Self.tenantsCollection(scope.project), id: tenant) != nil
            else { throw APIError("TENANT_NOT_FOUND") }
        }
    }

    /// Adds a scope whose engine already exists (the default project, an import).
    public func register(_ engine: LocalAuthEngine, for scope: EmulatorScope) {
        scopes.withLock { $0[scope] = ScopeState(engine: engine, settings: freshSettings()) }
    }

    /// The scopes made so far with their engines, the default project first.
    public var openScopes: [(scope: EmulatorScope, engine: LocalAuthEngine)] {
        scopes.withLock { states in
            states.map { ($0.key, $0.value.engine) }.sorted { first, second in
                (first.scope.project == defaultProject ? 0 : 1, first.scope.description)
                    < (second.scope.project == defaultProject ? 0 : 1, second.scope.description)
            }
        }
    }

    /// Forgets a deleted tenant's users.
    func drop(_ scope: EmulatorScope) {
        _ = scopes.withLock { $0.removeValue(forKey: scope) }
    }

    /// The resource collection holding a project's tenants.
    static func tenantsCollection(_ project: String) -> String { "projects/\(project)/tenants" }
}

/// One scope's engine and its settings.
final class ScopeState: Sendable {
    let engine: LocalAuthEngine
    let settings: SharedSettings
    /// Accounts whose factors were withdrawn down to none, as Firebase's emulator lists them.
    let withdrawnFactorLists = WithdrawnFactorLists()

    init(engine: LocalAuthEngine, settings: SharedSettings) {
        self.engine = engine
        self.settings = settings
    }
}
