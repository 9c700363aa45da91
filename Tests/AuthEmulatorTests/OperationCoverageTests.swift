import AuthEmulator
import Foundation
import HTTPServer
import Testing
import TestSupport

@Suite("How many of the OpenAPI document's operations the emulator serves")
struct OperationCoverageTests {
    /// Operations deliberately not served (see DECISIONS.md): Game Center, iOS client checks and SAML
    /// responses need Apple's or an identity provider's servers; passkeys need a WebAuthn authenticator.
    static let unserved: Set<String> = [
        "POST /v1/accounts:issueSamlResponse", "POST /v1/accounts:signInWithGameCenter",
        "POST /v1/accounts:verifyIosClient", "POST /v2/accounts/passkeyEnrollment:start",
        "POST /v2/accounts/passkeyEnrollment:finalize", "POST /v2/accounts/passkeySignIn:start",
        "POST /v2/accounts/passkeySignIn:finalize",
    ]

    @Test("every operation but the listed ones is routed (its answer is never 'nothing is served' or 405)")
    func coverage() throws {
        let spec = try #require(openAPISpec)
        let emulator = try Emulator()
        let tenant = try emulator.createTenant()
        var notServed: Set<String> = []
        for operation in spec.operations {
            let response = emulator.api.handle(HTTPRequest(
                method: operation.method, path: operation.servedPath(project: testProject, tenant: tenant),
                query: ["key": "k"], headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
                body: ["GET", "DELETE"].contains(operation.method) ? Data() : Data("{}".utf8)))
            let message = (try? JSONValue(data: response.body))?["error"]?["message"]?.stringValue ?? ""
            if response.status == 405 || (response.status == 404 && message.contains("nothing is served")) {
                notServed.insert(operation.description)
            }
        }
        let count = spec.operations.count
        #expect(count == 103)
        #expect(notServed == Self.unserved, "served \(count - notServed.count) of \(count)")
        #expect(count - notServed.count >= 95)
    }
}
