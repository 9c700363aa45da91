import AuthCore
import Foundation
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

    /// The engine behind the API.
    public let engine: LocalAuthEngine
    /// The project every token is issued for and the emulator endpoints answer to.
    public let projectID: String
    let settings: SharedSettings

    /// An API over `engine` for `projectID`.
    public init(engine: LocalAuthEngine, projectID: String, settings: EmulatorSettings = EmulatorSettings()) {
        self.engine = engine
        self.projectID = projectID
        self.settings = SharedSettings(settings)
    }

    /// The settings in force now (they change with `PATCH …/config`).
    public var currentSettings: EmulatorSettings { settings.value }

    /// Answers one request; never throws and never traps on bad input.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        do {
            return try route(request)
        } catch {
            return error.response
        }
    }

    /// The project's number, as `securetoken` reports it: a stable 12-digit number derived from the id.
    var projectNumber: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in projectID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(100_000_000_000 + hash % 900_000_000_000)
    }

    /// The ID-token codec with the store's key.
    func idTokens() throws(APIError) -> IDToken {
        IDToken(projectID: projectID, key: try engineCall { () throws(AuthError) in try engine.idTokenSigningKey() })
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
