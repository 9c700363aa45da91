import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

/// The embedded engine served over Firebase's Identity Toolkit REST API, as the Firebase Auth emulator serves
/// it: a pure request handler, no sockets; an HTTP server hands it each request.
///
/// Paths carry the production host as their first segment (`/identitytoolkit.googleapis.com/v1/accounts:signUp`,
/// `/securetoken.googleapis.com/v1/token`), plus the emulator's `/emulator/v1/projects/{id}/…` endpoints and
/// `GET /`. Every failure, including malformed input, is a Firebase-shaped JSON error.
public struct IdentityToolkitAPI: Sendable {
    /// Largest request body accepted; larger ones get 413.
    public static let maximumBodySize = 1 << 20

    /// The engine of this API's scope.
    public let engine: LocalAuthEngine
    /// The project of this API's scope: every token is issued for it.
    public let projectID: String
    /// The tenant of this API's scope, nil for the project's own users.
    public let tenantID: String?
    /// Every project and tenant the emulator serves.
    public let projects: EmulatorProjects
    let settings: SharedSettings

    /// An API serving only `projectID`, whose users live in `engine`; its tenants get in-memory engines. The
    /// last three are those of `EmulatorProjects`.
    public init(engine: LocalAuthEngine, projectID: String, settings: EmulatorSettings = EmulatorSettings(),
                strict: Bool = false, blockingFunctionTimeout: TimeInterval? = nil,
                functionsEmulatorHub: String? = nil) {
        let projects = EmulatorProjects(defaultProject: projectID, isPinned: true, settings: settings, strict: strict,
                                        blockingFunctionTimeout: blockingFunctionTimeout,
                                        functionsEmulatorHub: functionsEmulatorHub) {
            _ throws(AuthError) in try engine.sibling()
        }
        projects.register(engine, for: EmulatorScope(project: projectID))
        self.init(projects: projects, scope: EmulatorScope(project: projectID), engine: engine,
                  settings: SharedSettings(settings))
    }

    /// An API serving `projects`; requests that name no project go to its default project.
    ///
    /// Errors: STORAGE_FAILURE when the default project's engine cannot be made.
    public init(projects: EmulatorProjects) throws(AuthError) {
        let scope = EmulatorScope(project: projects.defaultProject)
        let state: ScopeState
        do {
            state = try projects.state(of: scope)
        } catch {
            throw AuthError(.storageFailure, detail: error.message)
        }
        self.init(projects: projects, scope: scope, engine: state.engine, settings: state.settings)
    }

    private init(projects: EmulatorProjects, scope: EmulatorScope, engine: LocalAuthEngine,
                 settings: SharedSettings) {
        self.projects = projects
        self.engine = engine
        self.projectID = scope.project
        self.tenantID = scope.tenant
        self.settings = settings
    }

    /// The same API acting on another project or tenant. A read of a scope nothing was written to gets a fresh
    /// throwaway store, dropped with the request; a write makes the scope's own store.
    func scoped(_ scope: EmulatorScope, for use: ScopeUse) throws(APIError) -> IdentityToolkitAPI {
        if scope == EmulatorScope(project: projectID, tenant: tenantID) { return self }
        let state: ScopeState
        switch use {
        case .write:
            state = try projects.state(of: scope)
        case .read:
            if let existing = try projects.existingState(of: scope) {
                state = existing
            } else {
                let empty = try engineCall { () throws(AuthError) in try engine.sibling() }
                state = ScopeState(engine: empty, settings: projects.freshSettings())
            }
        }
        return IdentityToolkitAPI(projects: projects, scope: scope, engine: state.engine, settings: state.settings)
    }

    /// The settings in force now (they change with `PATCH …/config`).
    public var currentSettings: EmulatorSettings { settings.value }

    /// Answers one request, with Firebase's emulator's cross-origin headers; never throws and never traps on
    /// bad input.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let response: HTTPResponse
        if let preflight = CrossOriginSharing.preflight(request) {
            response = preflight
        } else {
            do {
                response = try route(request)
            } catch {
                response = error.response
            }
        }
        return CrossOriginSharing.allowing(response, for: request)
    }

    /// The project's number, as `securetoken` reports it: Firebase's emulator's fixed `12345`, or under
    /// production's rules a stable 12-digit number derived from the id.
    var projectNumber: String {
        guard projects.isStrict else { return "12345" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in projectID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(100_000_000_000 + hash % 900_000_000_000)
    }

    /// The ID-token codec with the store's key, minting signed tokens only under production's rules.
    func idTokens() throws(APIError) -> IDToken {
        var codec = IDToken(projectID: projectID, tenantID: tenantID,
                            key: try engineCall { () throws(AuthError) in try engine.idTokenSigningKey() })
        codec.isSigned = projects.isStrict
        return codec
    }

    /// Runs an engine operation, turning its error into the wire error.
    func engineCall<Value>(_ body: () throws(AuthError) -> Value) throws(APIError) -> Value {
        do {
            return try body()
        } catch {
            throw APIError(error)
        }
    }
}
