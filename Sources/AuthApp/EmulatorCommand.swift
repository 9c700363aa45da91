import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth

/// `fauth-tui emulator`: the embedded engine served over the Identity Toolkit REST API until SIGINT or SIGTERM.
enum EmulatorCommand {
    /// The project an emulator serves when none is named (the `demo-` prefix marks a project that is not real).
    static let defaultProject = "demo-fauth-tui"

    static func run(options: LaunchOptions, environment: [String: String]) -> Int32 {
        let store = options.storePath ?? LocalAuthClient.defaultStorePath(environment: environment)
        let project = options.project ?? defaultProject
        let server: HTTPServer
        do {
            let api = IdentityToolkitAPI(engine: try LocalAuthEngine(path: store), projectID: project)
            server = try HTTPServer(host: options.host, port: options.port, allowNonLoopback: options.allowRemote,
                                    handler: api.handle)
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("fauth-tui emulator: \(error)\n".utf8))
            return 1
        }
        let address = options.host.contains(":") ? "[\(options.host)]:\(server.port)" : "\(options.host):\(server.port)"
        let banner = "fauth-tui emulator: listening on http://\(address) (project \(project), store \(store))\n"
            + "Point clients at it with FIREBASE_AUTH_EMULATOR_HOST=\(address) or fauth-tui --emulator \(address)\n"
        FileHandle.standardOutput.write(Data(banner.utf8))
        server.runUntilSignalled()
        return 0
    }
}
