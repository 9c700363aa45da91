import AuthCore
import AuthEmulator
import FauthTUI
import FoundationEssentials
import Glibc
import HTTPServer
import LocalAuth
import Localization

/// The options only `fauth-tui emulator` reads.
public struct EmulatorOptions: Equatable, Sendable {
    /// `--import DIR`: start from an earlier `--export-on-exit`.
    public var importDirectory: String?
    /// `--export-on-exit DIR`: write every project's data there when stopped.
    public var exportDirectory: String?
    /// `--quiet`: no request log on standard error.
    public var isQuiet = false
    /// `--production-hashing`: scrypt at the local backend's cost instead of the cheap emulator setting.
    public var productionHashing = false
    /// `--recent-login-max-age SECONDS`: how old a sign-in may be for sensitive changes (Firebase's 5 minutes).
    public var recentLoginMaxAge = LocalAuthEngine.defaultRecentLoginMaxAge
    /// `--single-project-mode MODE`: what a request for another project gets (the Firebase CLI's warning).
    public var singleProjectMode = SingleProjectMode.warning
    /// `--require-recaptcha`: texting a code needs the stand-in reCAPTCHA page's answer.
    public var requireRecaptcha = false
    /// `--strict`: production's rules (signed ID tokens and session cookies that expire, opaque refresh tokens,
    /// `phoneSignInInfo` required, empty lists left out) instead of Firebase's emulator's.
    public var isStrict = false

    public init() {}
}

/// `fauth-tui emulator`: the embedded engine served over the Identity Toolkit REST API until SIGINT or SIGTERM.
///
/// Its data is its own: in memory unless `--store PATH` is given, never the local backend's store.
struct EmulatorCommand: Command {
    /// The project an emulator serves when none is named, the one the local backend's tokens are for.
    static let defaultProject = IDToken.defaultProjectID

    let name = CommandName.emulator
    let options: [OptionDeclaration] = [.store, .project, .lang, .strings, .host, .port, .allowRemote, .importDirectory,
                                        .exportOnExit, .quiet, .productionHashing, .recentLoginMaxAge,
                                        .singleProjectMode, .requireRecaptcha, .strict]

    /// Serves until signalled; 0 after a clean stop, 2 for options that cannot be used together, a `--store` in a
    /// missing folder or a host other than loopback without `--allow-remote`, 1 for other failures.
    func run(_ invocation: Invocation) async throws(Exit) -> Int32 {
        let strings = try invocation.start()
        let (options, environment) = (invocation.options, invocation.environment)
        let console = invocation.console(strings)
        let flags = options.emulatorOptions
        do throws(UsageError) {
            if flags.importDirectory != nil, options.storePath != nil { throw UsageError(.usageImportWithStore) }
            if options.storePath != nil { _ = try StoreLocation.choose(options: options, environment: environment) }
        } catch {
            console.printError(strings.format(.commandLineError, .string(error.message(strings))))
            return 2
        }
        if let missing = OptionalLibrary.firstMissing([.microhttpd, .crypto]) {
            console.printError(Invocation.missingLibraryMessage(missing, strings: strings))
            return 1
        }
        let project = options.project ?? Self.defaultProject
        let hashing = flags.productionHashing ? ScryptParameters.owasp : .emulator
        let store = options.storePath == ":memory:" ? nil : options.storePath  // in memory either way
        let warning = flags.singleProjectMode == .warning
            ? OtherProjectWarning(ownProject: project, strings: strings) { console.printError($0) } : nil
        let projects = EmulatorProjects(defaultProject: project, isPinned: flags.singleProjectMode == .error,
                                        settings: EmulatorSettings(requireRecaptcha: flags.requireRecaptcha),
                                        strict: flags.isStrict,
                                        handoffPageText: Self.handoffPageText(strings),
                                        functionsEmulatorHub: environment["FIREBASE_EMULATOR_HUB"]) {
            scope throws(AuthError) in
            warning?.note(scope)
            return try LocalAuthEngine(path: Self.storePath(store, scope: scope, defaultProject: project),
                                passwordHashing: hashing, recentLoginMaxAge: flags.recentLoginMaxAge)
        }
        if let store {
            do {
                try EmulatorExport.loadConfiguration(Self.configurationPath(store), into: projects)
            } catch {
                console.printError(strings.format(.emulatorImportFailed, .string(store), .string(error.detail ?? "")))
                return 1
            }
        }
        if let directory = flags.importDirectory {
            do {
                try EmulatorExport.load(directory, into: projects) { snapshot throws(AuthError) in
                    try LocalAuthEngine(path: ":memory:", passwordHashing: hashing, snapshot: snapshot,
                                        recentLoginMaxAge: flags.recentLoginMaxAge)
                }
            } catch {
                console.printError(strings.format(.emulatorImportFailed, .string(directory), .string(error.detail ?? "")))
                return 1
            }
        }
        let server: HTTPServer
        do {
            let api = try IdentityToolkitAPI(projects: projects)
            let log = RequestLog(isQuiet: flags.isQuiet)
            server = try HTTPServer(host: options.host, port: options.port, allowNonLoopback: options.allowRemote,
                                    handler: { request in log.handle(request, with: api.handle) })
            try server.start()
        } catch let error as HTTPServerError {
            console.printError(Self.message(for: error, strings: strings))
            return Self.exitStatus(for: error)
        } catch let error as AuthError {
            console.printError(StoreErrorMessages.message(for: error, path: store ?? ":memory:", strings: strings))
            return 1
        } catch {
            console.printError(strings.format(.storeOpenError, .string(store ?? ":memory:")) + " (\(error))")
            return 1
        }
        let address = options.host.contains(":") ? "[\(options.host)]:\(server.port)" : "\(options.host):\(server.port)"
        let where_ = store ?? strings[.emulatorInMemory]
        let banner = strings.format(.emulatorListening, .string("http://\(address)"), .string(project), .string(where_))
            + "\n" + strings.format(.emulatorHint, .string(address)) + "\n"
            + (flags.productionHashing ? ""
                : strings.format(.emulatorCheapHashing, .string("\(hashing.cost.trailingZeroBitCount)")) + "\n")
        // Announced once SIGTERM is handled, so a client that stops the emulator as soon as it reads the address
        // gets a clean shutdown.
        server.runUntilSignalled(whenReady: { ConsoleOutput.write(banner, to: STDOUT_FILENO) })
        if let store {
            do {
                try EmulatorExport.writeConfiguration(projects, to: Self.configurationPath(store))
            } catch {
                console.printError(strings.format(.emulatorExportFailed, .string(store), .string(error.detail ?? "")))
                return 1
            }
        }
        return Self.export(projects, to: flags.exportDirectory, strings: strings, console: console)
    }

    /// The authorization page's words in the emulator's language.
    static func handoffPageText(_ strings: Strings) -> HandoffPageText {
        var text = HandoffPageText(language: strings.language, title: strings[.signInWithProvider],
                        notice: strings[.emulatorProviderNotice], emailLabel: strings[.email],
                        nameLabel: strings[.name], emailVerifiedLabel: strings[.simulatedProviderEmailVerified],
                        continueButton: strings[.continueButton], cancelButton: strings[.cancel],
                        expired: strings[.emulatorHandoffExpired])
        text.recaptchaTitle = strings[.recaptchaTitle]
        text.recaptchaNotice = strings[.emulatorRecaptchaNotice]
        text.recaptchaCheckbox = strings[.emulatorRecaptchaCheckbox]
        return text
    }

    /// Where `--store PATH` keeps the configuration resources (tenants, provider configurations) between runs.
    static func configurationPath(_ store: String) -> String { store + ".config.json" }

    /// The store file of `scope` under `--store PATH`: PATH for the default project, `PATH.<project>` and
    /// `PATH.<project>.<tenant>` beside it for the others (and `PATH.config.json` for the configuration); in
    /// memory without `--store`.
    static func storePath(_ store: String?, scope: EmulatorScope, defaultProject: String) -> String {
        guard let store else { return ":memory:" }
        if scope == EmulatorScope(project: defaultProject) { return store }
        return store + "." + scope.project + (scope.tenant.map { ".\($0)" } ?? "")
    }

    /// Writes the data to `directory` when asked; exit status 0, or 1 when it could not be written.
    private static func export(_ projects: EmulatorProjects, to directory: String?, strings: Strings,
                               console: Console) -> Int32 {
        guard let directory else { return 0 }
        do {
            try EmulatorExport.write(projects, to: directory)
        } catch {
            console.printError(strings.format(.emulatorExportFailed, .string(directory), .string(error.detail ?? "")))
            return 1
        }
        ConsoleOutput.write(strings.format(.emulatorExported, .string(directory)) + "\n", to: STDOUT_FILENO)
        return 0
    }

    /// 2 for what the command line got wrong (a host it may not listen on), 1 for what the machine refused.
    private static func exitStatus(for error: HTTPServerError) -> Int32 {
        switch error {
        case .nonLoopbackHost: 2
        case .unresolvableHost, .cannotListen, .alreadyRunning: 1
        }
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
