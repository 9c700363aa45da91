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

    static func run(options: LaunchOptions, environment: [String: String], strings: Strings) -> Int32 {
        let store = options.storePath ?? LocalAuthClient.defaultStorePath(environment: environment)
        let project = options.project ?? defaultProject
        let server: HTTPServer
        do {
            let api = IdentityToolkitAPI(engine: try LocalAuthEngine(path: store), projectID: project)
            server = try HTTPServer(host: options.host, port: options.port, allowNonLoopback: options.allowRemote,
                                    handler: api.handle)
            try server.start()
        } catch let error as HTTPServerError {
            ConsoleOutput.printError(message(for: error, strings: strings))
            return 1
        } catch let error as AuthError {
            ConsoleOutput.printError(StoreErrorMessages.message(for: error, path: store, strings: strings))
            return 1
        } catch {
            ConsoleOutput.printError(strings.format(.storeOpenError, .string(store)) + " (\(error))")
            return 1
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
