import AuthCore
import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Localization

/// `fauth-tui emulator`: the embedded engine served over the Identity Toolkit REST API until SIGINT or SIGTERM.
enum EmulatorCommand {
    /// The project an emulator serves when none is named (the `demo-` prefix marks a project that is not real).
    static let defaultProject = "demo-fauth-tui"

    /// Serves until signalled; 0 after a clean stop, 2 for a `--store` that cannot be used, 1 for other failures.
    static func run(options: LaunchOptions, environment: [String: String], strings: Strings) -> Int32 {
        let location: StoreLocation
        do {
            location = try StoreLocation.choose(options: options, environment: environment)
        } catch {
            printError(strings.format(.commandLineError, .string(error.message(strings))))
            return 2
        }
        let store = location.path
        let project = options.project ?? defaultProject
        let server: HTTPServer
        do {
            let engine = try LocalAuthEngine(path: store, createsDirectories: location.isDefault)
            let api = IdentityToolkitAPI(engine: engine, projectID: project)
            server = try HTTPServer(host: options.host, port: options.port, allowNonLoopback: options.allowRemote,
                                    handler: api.handle)
            try server.start()
        } catch let error as HTTPServerError {
            printError(message(for: error, strings: strings))
            return 1
        } catch {
            let reason = (error as? AuthError).map { $0.detail ?? $0.code.rawValue } ?? "\(error)"
            printError(strings.format(.storeOpenError, .string(store)) + " (\(reason))")
            return location.isDefault ? 1 : 2
        }
        let address = options.host.contains(":") ? "[\(options.host)]:\(server.port)" : "\(options.host):\(server.port)"
        let banner = strings.format(.emulatorListening, .string("http://\(address)"), .string(project), .string(store))
            + "\n" + strings.format(.emulatorHint, .string(address)) + "\n"
        FileHandle.standardOutput.write(Data(banner.utf8))
        server.runUntilSignalled()
        return 0
    }

    private static func message(for error: HTTPServerError, strings: Strings) -> String {
        switch error {
        case .nonLoopbackHost(let host): strings.format(.emulatorNonLoopback, .string(host))
        case .unresolvableHost(let host, let reason): strings.format(.emulatorCannotListen, .string(host), .string(reason))
        case .cannotListen(let host, let port, let reason):
            strings.format(.emulatorCannotListen, .string("\(host):\(port)"), .string(reason))
        case .alreadyRunning: "\(error)"
        }
    }
}
