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
