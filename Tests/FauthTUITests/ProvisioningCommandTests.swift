import AuthCore
import AuthFlow
import Foundation
import LocalAuth
import Testing
@testable import FauthTUI

/// The provisioning command: what it receives, and how its failure reads.
@Suite struct ProvisioningCommandTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("provisioning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func failure(of result: Result<Void, ProvisioningFailure>) -> ProvisioningFailure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }

    @Test func theUserIsInTheEnvironmentAndNeverInArgv() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = ProvisioningCommand(command: """
            cd '\(directory.path)'
            printf '%s|%s|%s|%s' "$FAUTH_USER_ID" "$FAUTH_EMAIL" "$FAUTH_ID_TOKEN" "$KEPT" > env.txt
            tr '\\0' ' ' < /proc/$$/cmdline > argv.txt
            """)
        let base = ["KEPT": "from-the-app", "PATH": "/usr/bin:/bin", "FAUTH_EMAIL": "stale@example.com"]
        let result = await command.run(uid: "uid-7", email: "ann@example.com", idToken: "token.abc.def",
                                       baseEnvironment: base)
        #expect(throws: Never.self) { try result.get() }
        let environment = try String(contentsOf: directory.appendingPathComponent("env.txt"), encoding: .utf8)
        #expect(environment == "uid-7|ann@example.com|token.abc.def|from-the-app")
        let argv = try String(contentsOf: directory.appendingPathComponent("argv.txt"), encoding: .utf8)
        #expect(argv.hasPrefix("/bin/sh -c "))
        for secret in ["uid-7", "ann@example.com", "token.abc.def"] { #expect(!argv.contains(secret)) }
    }

    @Test func unknownValuesAreUnsetNotInheritedFromTheApp() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = ProvisioningCommand(command: "cd '\(directory.path)'; "
            + #"printf '%s' "${FAUTH_EMAIL-unset}/${FAUTH_ID_TOKEN-unset}" > env.txt"#)
        let base = ["FAUTH_EMAIL": "stale@example.com", "FAUTH_ID_TOKEN": "stale-token"]
        let result = await command.run(uid: "uid-7", email: nil, idToken: nil, baseEnvironment: base)
        #expect(throws: Never.self) { try result.get() }
        #expect(try String(contentsOf: directory.appendingPathComponent("env.txt"), encoding: .utf8) == "unset/unset")
    }

    @Test func aFailureReportsItsStatusAndTheLastLineOfStandardErrorSanitized() async {
        let command = ProvisioningCommand(command: """
            echo 'starting' >&2; printf 'quota \\033[31mreached\\n\\n  \\n' >&2; echo 'to stdout'; exit 3
            """)
        let result = await command.run(uid: "u", email: nil, idToken: nil, baseEnvironment: [:])
        #expect(failure(of: result) == .exited(status: 3, message: "quota \u{FFFD}[31mreached"))
        let silent = await ProvisioningCommand(command: "kill -TERM $$").run(uid: "u", email: nil, idToken: nil,
                                                                             baseEnvironment: [:])
        #expect(failure(of: silent) == .exited(status: 128 + 15, message: ""))
    }

    @Test func theRunnerProvisionsTheSignedInUserOfTheLocalBackend() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("ran.txt").path
        let client = try LocalAuthClient(path: ":memory:",
                                         passwordHashing: ScryptParameters(cost: 1 << 10, blockSize: 8, parallelism: 1))
        let service = AuthService(configuration: AuthConfiguration(provisioning: #"echo "$FAUTH_USER_ID" >> '\#(marker)'"#),
                                  client: client).withEmailSignIn()
        let storage = MemoryAppStorage()
        let runner = EffectRunner(service: service, inbox: client, storage: storage)
        guard case .signedIn(let user) = try await client.createUser(email: "ann@example.com", password: "secret1") else {
            Issue.record("not signed in")
            return
        }
        #expect(await runner.run(AuthCall(AuthCall.Provision(user)), operationID: 1) == .responded(operationID: 1, .success(ProvisioningOutcome.provisioned(uid: user.uid))))
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == user.uid + "\n")
        runner.remember(provisionedUser: user.uid)
        #expect(await runner.run(AuthCall(AuthCall.LoadSession()), operationID: 2)
            == .responded(operationID: 2, .success(SessionSnapshot(user: user, provisionedUserID: user.uid))))
        try await client.signOut()
        #expect(await runner.run(AuthCall(AuthCall.Provision(user)), operationID: 3)
            == .responded(operationID: 3, .success(ProvisioningOutcome.failed(.backend(.userNotFound)))))
    }
}
