import AuthEmulator
import FirebaseAuthREST
import HTTPServer
import LocalAuth

/// `fauth-tui emulator --strict`'s Identity Toolkit API (production's rules, which our client must meet) over an
/// in-memory store on a free loopback port, and a REST client of it. Stop the server when done.
public func loopbackEmulator(projectID: String) throws -> (HTTPServer, FirebaseAuthClient) {
    let engine = try LocalAuthEngine(path: ":memory:", passwordHashing: .emulator)
    let api = IdentityToolkitAPI(engine: engine, projectID: projectID, strict: true)
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { api.handle($0) }
    try server.start()
    let endpoint = FirebaseEndpoint.emulator(host: "127.0.0.1", port: Int(server.port), projectID: projectID)
    return (server, FirebaseAuthClient(endpoint: endpoint, sessionStore: MemorySessionStore()))
}
