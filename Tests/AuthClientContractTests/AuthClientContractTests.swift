import AuthCore
import AuthEmulator
import FirebaseAuthREST
import Foundation
import HTTPServer
import LocalAuth
import Synchronization
import Testing
import TestSupport

/// One behaviour contract, two clients: the embedded backend called directly, and the Firebase REST client
/// talking to `fauth-tui emulator`'s engine over HTTP on loopback.
enum ContractClient: String, CaseIterable, CustomStringConvertible {
    case local
    /// The REST client against the emulator under production's rules (`--strict`), as a live project applies them.
    case rest
    /// The REST client against the emulator with email-enumeration protection turned on, as a live project may have it.
    case restProtected
    /// The REST client against the emulator's default, Firebase's emulator's rules: unsigned tokens, base64
    /// refresh tokens, `mfaInfo: []`.
    case restFirebaseRules

    var description: String { rawValue }

    /// A fresh backend, its client and inbox, and the engine behind it on a clock the test moves; `stop`
    /// shuts a server down. Sensitive changes need a sign-in at most `recentLoginMaxAge` old; an emulator demands a
    /// reCAPTCHA before it texts a code when `requireRecaptcha` is set.
    func make(recentLoginMaxAge: TimeInterval = LocalAuthEngine.defaultRecentLoginMaxAge,
              requireRecaptcha: Bool = false) throws -> Harness {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("store.sqlite").path
        let clock = ContractClock()
        let engine = try LocalAuthEngine(path: store, clock: { clock.now }, passwordHashing: Harness.cheapHashing,
                                         recentLoginMaxAge: recentLoginMaxAge)
        switch self {
        case .local:
            let client = try LocalAuthClient(path: store, clock: { clock.now }, passwordHashing: Harness.cheapHashing,
                                             recentLoginMaxAge: recentLoginMaxAge)
            return Harness(client: client, inbox: client, engine: engine, clock: clock, directory: directory,
                           server: nil)
        case .rest, .restProtected, .restFirebaseRules:
            let api = IdentityToolkitAPI(engine: engine, projectID: "demo-contract",
                                         settings: EmulatorSettings(requireRecaptcha: requireRecaptcha),
                                         strict: self != .restFirebaseRules)
            if self == .restProtected { try Harness.protectEmails(api) }
            let spec = try Harness.specification()
            let server = try HTTPServer(host: "127.0.0.1", port: 0) { request in
                let response = api.handle(request)
                Harness.check(request, response, against: spec)
                return response
            }
            try server.start()
            let endpoint = FirebaseEndpoint.emulator(host: "127.0.0.1", port: Int(server.port), projectID: "demo-contract")
            let client = FirebaseAuthClient(endpoint: endpoint, sessionStore: MemorySessionStore())
            return Harness(client: client, inbox: client, engine: engine, clock: clock, directory: directory,
                           server: server)
        }
    }
}

extension ContractClient {
    /// The error for a wrong password: the local backend keeps email-enumeration protection
    /// (INVALID_LOGIN_CREDENTIALS); the emulator, like Firebase's, has it off by default (INVALID_PASSWORD).
    var wrongPassword: AuthErrorCode {
        switch self {
        case .local, .restProtected: .invalidLoginCredentials
        case .rest, .restFirebaseRules: .invalidPassword
        }
    }

    /// The error for an unknown email: INVALID_LOGIN_CREDENTIALS under protection, EMAIL_NOT_FOUND without.
    var unknownEmail: AuthErrorCode {
        switch self {
        case .local, .restProtected: .invalidLoginCredentials
        case .rest, .restFirebaseRules: .emailNotFound
        }
    }

    /// Whether a phone number is refused as the first factor of an account with a text-message second factor
    /// (UNSUPPORTED_FIRST_FACTOR), as Firebase's emulator refuses it; the local backend holds it back instead.
    var refusesPhoneFirstFactorWithSMSFactors: Bool {
        switch self {
        case .local: false
        case .rest, .restProtected, .restFirebaseRules: true
        }
    }

    /// Whether `createAuthUri` leaves out `registered` and `signinMethods` (email-enumeration protection on a
    /// Firebase project; the local backend answers for legacy recovery).
    var hidesSignInMethods: Bool {
        switch self {
        case .local, .rest, .restFirebaseRules: false
        case .restProtected: true
        }
    }

    /// Runs `body` on a fresh backend of this kind (see `make`) with its client, and stops the backend afterwards,
    /// whether `body` fails or not.
    func onFreshBackend(recentLoginMaxAge: TimeInterval = LocalAuthEngine.defaultRecentLoginMaxAge,
                        requireRecaptcha: Bool = false,
                        _ body: (Harness, any AuthClient) async throws -> Void) async throws {
        let harness = try make(recentLoginMaxAge: recentLoginMaxAge, requireRecaptcha: requireRecaptcha)
        defer { harness.stop() }
        try await body(harness, harness.client)
    }
}

struct Harness {
    /// Turns email-enumeration protection on the way a test suite does against an emulator (its config endpoint).
    static func protectEmails(_ api: IdentityToolkitAPI) throws {
        let response = api.handle(HTTPRequest(
            method: "PATCH", path: "/emulator/v1/projects/demo-contract/config",
            headers: ["Content-Type": "application/json"],
            body: Data(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#.utf8)))
        guard response.status == 200 else { throw HarnessError.emulatorRefused(response.status) }
    }

    static let cheapHashing = ScryptParameters(cost: 1 << 10, blockSize: 8, parallelism: 1)

    let client: any AuthClient
    let inbox: any MessageInbox
    /// The engine on the same store, for what no client call does (verifying an email).
    let engine: LocalAuthEngine
    let clock: ContractClock
    let directory: URL
    let server: HTTPServer?

    func stop() {
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Firebase's OpenAPI description of the Identity Toolkit API (the copy in Tests/TestSupport/Resources).
    static func specification() throws -> OpenAPISchema {
        try OpenAPISchema(contentsOf: OpenAPISchema.referencePath(from: #filePath))
    }

    /// Every request the REST client sends, and every successful answer, must fit the spec.
    static func check(_ request: HTTPRequest, _ response: HTTPResponse, against spec: OpenAPISchema) {
        guard request.path.hasPrefix("/identitytoolkit.googleapis.com/") else { return }
        if !request.body.isEmpty, let body = try? JSONValue(data: request.body) {
            let problems = spec.requestProblems(path: request.path, method: request.method, body: body)
            #expect(problems.isEmpty, "request to \(request.path) does not fit the spec: \(problems)")
        }
        if response.status == 200, let body = try? JSONValue(data: response.body) {
            let problems = spec.responseProblems(path: request.path, method: request.method, body: body)
                .filter { !OpenAPISchema.isDocumentedExtension($0, of: request.path) }
            #expect(problems.isEmpty, "response from \(request.path) does not fit the spec: \(problems)")
        }
    }

    /// The newest message of a kind sent to a recipient.
    func lastMessage(_ kind: OutboxMessage.Kind, to recipient: String) async throws -> OutboxMessage {
        let messages = try await inbox.messages().filter { $0.kind == kind && $0.recipient == recipient }
        return try #require(messages.last)
    }
}

/// The backend's clock: it starts now and moves only when a test says so.
final class ContractClock: Sendable {
    private let current = Mutex(Date())

    var now: Date { current.withLock { $0 } }

    func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}

func signedInUser(_ outcome: SignInOutcome) throws -> User {
    guard case .signedIn(let user) = outcome else { throw AuthError(.internalError, detail: "second factor asked") }
    return user
}

func expectError(_ code: AuthErrorCode, sourceLocation: SourceLocation = #_sourceLocation,
                 _ body: () async throws -> Void) async {
    do {
        try await body()
        Issue.record("expected \(code.rawValue), got success", sourceLocation: sourceLocation)
    } catch {
        #expect((error as? AuthError)?.code == code, "\(error)", sourceLocation: sourceLocation)
    }
}

@Suite(.serialized) struct AuthClientContractTests {
    @Test(arguments: ContractClient.allCases)
    func signUpSignInAndSignOut(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            #expect(try await client.currentUser() == nil)
            let created = try signedInUser(try await client.createUser(email: "ann@example.com", password: "secret1"))
            #expect(created.email == "ann@example.com" && !created.isAnonymous)
            #expect(try await client.currentUser()?.uid == created.uid)
            #expect(try await client.idTokenResult().signInProvider == "password")
            try await client.signOut()
            #expect(try await client.currentUser() == nil)
            let again = try signedInUser(try await client.signIn(email: "ann@example.com", password: "secret1"))
            #expect(again.uid == created.uid)
        }
    }

    @Test(arguments: ContractClient.allCases)
    func signUpAndSignInErrors(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            await expectError(.invalidEmail) { _ = try await client.createUser(email: "not-an-email", password: "secret1") }
            await expectError(.weakPassword) { _ = try await client.createUser(email: "ann@example.com", password: "123") }
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            try await client.signOut()
            await expectError(.emailExists) { _ = try await client.createUser(email: "ann@example.com", password: "secret2") }
            // The same answer for both under email-enumeration protection (local), distinct ones without (emulator).
            await expectError(kind.wrongPassword) { _ = try await client.signIn(email: "ann@example.com", password: "nope-nope") }
            await expectError(kind.unknownEmail) { _ = try await client.signIn(email: "bob@example.com", password: "secret1") }
        }
    }

    @Test(arguments: ContractClient.allCases)
    func passwordResetThroughTheInbox(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            try await client.signOut()
            try await client.sendPasswordReset(email: "ann@example.com")
            let message = try await harness.lastMessage(.passwordReset, to: "ann@example.com")
            let code = OobCode.extract(from: message.link ?? message.code)
            #expect(try await client.verifyPasswordResetCode(code) == "ann@example.com")
            try await client.confirmPasswordReset(code: code, newPassword: "fresh-pass")
            await expectError(.invalidOobCode) { try await client.confirmPasswordReset(code: code, newPassword: "other-pass") }
            await expectError(kind.wrongPassword) { _ = try await client.signIn(email: "ann@example.com", password: "secret1") }
            _ = try signedInUser(try await client.signIn(email: "ann@example.com", password: "fresh-pass"))
        }
    }

    @Test(arguments: ContractClient.allCases)
    func emailLinkSignInThroughTheInbox(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            try await client.sendSignInLink(email: "lin@example.com", settings: AuthService.defaultEmailLinkSettings)
            let message = try await harness.lastMessage(.emailSignIn, to: "lin@example.com")
            let link = try #require(message.link)
            #expect(client.isSignInLink(link))
            await expectError(.invalidEmail) { _ = try await client.signIn(email: "other@example.com", link: link) }
            let user = try signedInUser(try await client.signIn(email: "lin@example.com", link: link))
            #expect(user.email == "lin@example.com" && user.isEmailVerified)
            try await client.signOut()
            await expectError(.invalidOobCode) { _ = try await client.signIn(email: "lin@example.com", link: link) }
        }
    }

    @Test(arguments: ContractClient.allCases)
    func phoneSignInWithAWrongCodeFirst(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            let verificationID = try await client.verifyPhoneNumber("+16505550100", recaptchaToken: nil)
            let sms = try await harness.lastMessage(.sms, to: "+16505550100")
            let wrong = sms.code == "000000" ? "111111" : "000000"
            await expectError(.invalidCode) { _ = try await client.signIn(with: .phone(verificationID: verificationID, code: wrong)) }
            let user = try signedInUser(try await client.signIn(with: .phone(verificationID: verificationID, code: sms.code)))
            #expect(user.phoneNumber == "+16505550100")
        }
    }

    @Test(arguments: ContractClient.allCases)
    func aGuestLinkedToAPasswordKeepsItsUID(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            let guest = try signedInUser(try await client.signInAnonymously())
            #expect(guest.isAnonymous)
            let linked = try await client.link(.emailPassword(email: "guest@example.com", password: "secret1"))
            #expect(linked.uid == guest.uid && !linked.isAnonymous && linked.email == "guest@example.com")
        }
    }

    @Test(arguments: ContractClient.allCases)
    func identityProviderOutcomes(_ kind: ContractClient) async throws {
        try await kind.onFreshBackend { harness, client in
            let fresh = try signedInUser(try await client.signIn(with: google("new@example.com", verified: true)))
            try await client.signOut()
            #expect(try signedInUser(try await client.signIn(with: google("new@example.com", verified: true))).uid == fresh.uid)
            try await client.signOut()
            _ = try await client.createUser(email: "ann@example.com", password: "secret1")
            try await client.signOut()
            // An unverified provider email that another account has needs confirmation, and keeps what collided.
            do {
                _ = try await client.signIn(with: google("ann@example.com", verified: false))
                Issue.record("expected a conflict")
            } catch let error as AuthError {
                #expect(error.code == .accountExistsWithDifferentCredential)
                #expect(error.conflict?.email == "ann@example.com")
            }
            _ = try await client.signIn(email: "ann@example.com", password: "secret1")
            let linked = try await client.link(google("ann@example.com", verified: false))
            #expect(linked.providerIDs.contains("google.com"))
            // The local backend answers for legacy recovery; the emulator's email-enumeration protection is off by
            // default, as in Firebase's emulator, and when it is on the methods are left out: the list is empty.
            #expect(try await client.fetchSignInMethods(email: "ann@example.com").sorted()
                == (kind.hidesSignInMethods ? [] : ["google.com", "password"]))
            #expect(try await client.fetchSignInMethods(email: "nobody@example.com").isEmpty)
        }
    }
}

@Suite struct EmulatorTimingTests {
    /// OWASP-strength hashing takes long enough to cross a second boundary between the start of a sign-up
    /// request and the account's creation; the token issued must still be valid for the next call.
    @Test func tokensFromASlowSignUpAreNotRevoked() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("timing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = Date(timeIntervalSince1970: 2_000_000_000.9)
        let ticks = Mutex(0)
        // Each reading of the clock is 0.7 s later than the one before, like a slow hash between them.
        let clock: @Sendable () -> Date = { ticks.withLock { $0 += 1; return start.addingTimeInterval(0.7 * Double($0)) } }
        let engine = try LocalAuthEngine(path: directory.appendingPathComponent("s.sqlite").path, clock: clock,
                                         passwordHashing: Harness.cheapHashing)
        let api = IdentityToolkitAPI(engine: engine, projectID: "demo-timing")
        let body = Data(#"{"email":"t@example.com","password":"secret-1","returnSecureToken":true}"#.utf8)
        let signUp = api.handle(HTTPRequest(method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:signUp",
                                           query: ["key": "k"], headers: ["content-type": "application/json"], body: body))
        #expect(signUp.status == 200)
        let token = try #require((try JSONSerialization.jsonObject(with: signUp.body) as? [String: Any])?["idToken"] as? String)
        let lookup = api.handle(HTTPRequest(method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:lookup",
                                           query: ["key": "k"], headers: ["content-type": "application/json"],
                                           body: try JSONSerialization.data(withJSONObject: ["idToken": token])))
        #expect(lookup.status == 200, "\(String(decoding: lookup.body, as: UTF8.self))")
    }
}

/// The emulator refused to set up a harness.
enum HarnessError: Error {
    case emulatorRefused(Int)
}
