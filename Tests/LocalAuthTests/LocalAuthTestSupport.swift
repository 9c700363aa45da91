import AuthCore
import Foundation
@testable import LocalAuth
import Synchronization
import Testing

/// scrypt settings cheap enough for tests (N=2^10).
let cheapHashing = ScryptParameters(cost: 1 << 10, blockSize: 8, parallelism: 1)

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}

/// A client on `path` (in memory by default) with cheap hashing and the given clock.
func makeClient(path: String = ":memory:", clock: TestClock = TestClock()) throws(AuthError) -> LocalAuthClient {
    try LocalAuthClient(path: path, clock: { clock.now }, passwordHashing: cheapHashing)
}

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("localauth-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The error `body` throws, or nil when it succeeds.
func authError(_ body: () async throws -> Void) async -> AuthError? {
    do {
        try await body()
        return nil
    } catch let error as AuthError {
        return error
    } catch {
        Issue.record("expected an AuthError, got \(error)")
        return nil
    }
}

/// The user of a sign-in outcome (every local sign-in completes without a second factor).
func signedInUser(_ outcome: SignInOutcome) -> User? {
    if case .signedIn(let user) = outcome { return user }
    return nil
}

/// The POSIX permission bits of a file.
func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Sends a sign-in link to `email` and returns the link from the outbox.
func sendSignInLink(_ client: LocalAuthClient, to email: String,
                    continueURL: String = "https://app.example/finish") async throws -> String {
    try await client.sendSignInLink(email: email, settings: ActionCodeSettings(url: continueURL))
    let message = try #require(try await client.messages().last)
    #expect(message.kind == .emailSignIn)
    return try #require(message.link)
}

/// Sends an SMS code to `number`; returns the verification id and the code from the outbox.
func sendSMS(_ client: LocalAuthClient, to number: String) async throws -> (id: String, code: String) {
    let verificationID = try await client.verifyPhoneNumber(number, recaptchaToken: nil)
    let message = try #require(try await client.messages().last)
    #expect(message.kind == .sms && message.recipient == number)
    return (verificationID, message.code)
}

/// A phone credential for a fresh SMS code sent to `number`.
func phoneCredential(_ client: LocalAuthClient, for number: String) async throws -> AuthCredential {
    let (verificationID, code) = try await sendSMS(client, to: number)
    return .phone(verificationID: verificationID, code: code)
}

/// A simulated identity-provider credential.
func idpCredential(_ providerID: String = "google.com", subject: String = "g-1", email: String? = "ada@example.com",
                   verified: Bool = true, name: String? = "Ada Lovelace") -> AuthCredential {
    .identityProvider(IdentityProviderCredential(
        providerID: providerID,
        simulatedProfile: IdentityProviderProfile(subject: subject, email: email, displayName: name,
                                                  isEmailVerified: verified)))
}

/// Flags an account as disabled (or enabled again) directly in the store at `path`, as an administrator would.
func setDisabled(_ disabled: Bool, uid: String, path: String) throws {
    let database = try SQLiteDatabase(path: path)
    try database.run("UPDATE accounts SET disabled = ? WHERE uid = ?", [.bool(disabled), .text(uid)])
    #expect(database.changes == 1)
}

extension LocalSignInOutcome {
    /// The sign-in, when no second factor was asked.
    var signedIn: LocalSignIn? {
        if case .signedIn(let signIn) = self { signIn } else { nil }
    }

    /// The challenge, when a second factor was asked.
    var challenge: MultiFactorChallenge? {
        if case .secondFactorRequired(let challenge) = self { challenge } else { nil }
    }
}
