import AuthCore
import FauthTUI
import FirebaseAuthREST
import FoundationEssentials
import LocalAuth

/// The auth client the app talks to, chosen from flags and environment, and how it is named on screen.
struct Backend {
    let client: any AuthClient
    /// Where sent emails and SMS can be read, when the backend lets anyone read them.
    let inbox: (any MessageInbox)?
    /// Where the session's ID token comes from (every backend issues them).
    let tokens: any IDTokenSource
    /// Which backend this is, for the discreet label in the corner of the screen.
    let location: Location
    /// Where the app remembers small values (the email-link address) between runs.
    let storage: any AppStorage
    /// What `open` left for later (`defersStoreCheck`): the local store's integrity check, and whether the
    /// libraries the backend opens on demand can be loaded.
    var deferredCheck: (() throws(Failure) -> Void)?

    /// Whether this is a live Firebase project (not the local store, not an emulator).
    var isLiveProject: Bool {
        if case .firebase(let endpoint) = location { return !endpoint.isEmulator }
        return false
    }

    /// The error codes a Firebase backend answered with that Firebase does not document (none for the local store).
    var unrecognizedErrorCodes: [String] {
        (client as? FirebaseAuthClient)?.unrecognizedErrorCodes ?? []
    }

    /// Whether this is a Firebase Auth emulator.
    var isEmulator: Bool {
        if case .firebase(let endpoint) = location { return endpoint.isEmulator }
        return false
    }

    /// The embedded store at a path, or a Firebase endpoint.
    enum Location {
        case local(path: String)
        case firebase(FirebaseEndpoint)
    }

    /// Why no backend could be opened.
    enum Failure: Error {
        /// A bad emulator address or `--store` folder (exit 2).
        case usage(UsageError)
        /// The store could not be opened; exit 2 when the command line named it, else 1.
        case store(StoreLocation, AuthError)
        /// A library the backend needs cannot be loaded (exit 1).
        case missingLibrary(OptionalLibrary)
    }

    /// Firebase (a project or an emulator) when `--api-key`, `--emulator` or their environment variables say so;
    /// otherwise the embedded local backend, allowing sensitive changes for `recentLoginMaxAge` seconds after a
    /// sign-in (Firebase's 5 minutes when nil). `defersStoreCheck` leaves most of the local store's integrity check
    /// and the check that the libraries it needs can be loaded to `deferredCheck`, for an interface to run once
    /// its first frame is drawn.
    static func open(options: LaunchOptions, environment: [String: String], recentLoginMaxAge: TimeInterval?,
                     defersStoreCheck: Bool = false) throws(Failure) -> Backend {
        let endpoint: FirebaseEndpoint?
        do {
            endpoint = try FirebaseEndpoint.fromEnvironment(environment, apiKey: options.apiKey,
                                                             emulator: options.emulator, project: options.project)
        } catch {
            throw .usage(UsageError(.usageBadEmulatorAddress, .string(error.address)))
        }
        let throwaway = options.storePath == ":memory:"
        if endpoint != nil, options.storePath != nil, !throwaway { throw .usage(UsageError(.usageStoreWithFirebase)) }
        let file: any AppStorage = throwaway
            ? MemoryAppStorage() : FileAppStorage(path: FileAppStorage.defaultPath(environment: environment))
        if let endpoint {
            let storage = ScopedAppStorage(file, scope: "firebase|" + endpoint.identity)
            let sessions: any SessionStore = throwaway
                ? MemorySessionStore() : FileSessionStore(endpoint: endpoint, environment: environment)
            let client = FirebaseAuthClient(endpoint: endpoint, sessionStore: sessions)
            var backend = Backend(client: client, inbox: endpoint.isEmulator ? client : nil, tokens: client,
                                  location: .firebase(endpoint), storage: storage)
            try backend.check(defersStoreCheck) { () throws(Failure) in try requireLibraries([.curl]) }
            return backend
        }
        let store: StoreLocation
        do {
            store = try StoreLocation.choose(options: options, environment: environment)
        } catch {
            throw .usage(error)
        }
        let client: LocalAuthClient
        do {
            client = try LocalAuthClient(
                path: store.path, createsDirectories: store.isDefault,
                recentLoginMaxAge: recentLoginMaxAge ?? LocalAuthEngine.defaultRecentLoginMaxAge,
                defersCheck: defersStoreCheck, projectID: options.project ?? IDToken.defaultProjectID)
        } catch {
            throw .store(store, error)
        }
        let storage = ScopedAppStorage(file, scope: "local|" + store.absolutePath)
        var backend = Backend(client: client, inbox: client, tokens: client, location: .local(path: store.path),
                              storage: storage)
        try backend.check(defersStoreCheck) { () throws(Failure) in
            if defersStoreCheck {
                do throws(AuthError) { try client.checkStore() } catch { throw .store(store, error) }
            }
            try requireLibraries([.crypto])
        }
        return backend
    }

    /// Runs `check` now, or keeps it as `deferredCheck` when `deferred`.
    private mutating func check(_ deferred: Bool, _ check: @escaping () throws(Failure) -> Void) throws(Failure) {
        if deferred { deferredCheck = check } else { try check() }
    }

    /// Throws `missingLibrary` for the first of `libraries` that cannot be loaded.
    static func requireLibraries(_ libraries: [OptionalLibrary]) throws(Failure) {
        if let missing = OptionalLibrary.firstMissing(libraries) { throw .missingLibrary(missing) }
    }
}
