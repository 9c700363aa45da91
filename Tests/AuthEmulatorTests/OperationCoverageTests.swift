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
        let specFile = URL(fileURLWithPath: OpenAPISchema.referencePath(from: #filePath))
        let spec = try JSONValue(data: Data(contentsOf: specFile))
        let emulator = try Emulator()
        let tenant = try emulator.createTenant()
        var operations: [String] = []
        var notServed: Set<String> = []
        for (template, item) in spec["paths"]?.objectValue ?? [:] {
            for method in ["get", "post", "patch", "delete", "put"] where item[method] != nil {
                let name = "\(method.uppercased()) \(template)"
                operations.append(name)
                let path = Self.concretePath(template, tenant: tenant)
                let response = emulator.api.handle(HTTPRequest(
                    method: method.uppercased(), path: path, query: ["key": "k"],
                    headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
                    body: method == "get" || method == "delete" ? Data() : Data("{}".utf8)))
                let message = (try? JSONValue(data: response.body))?["error"]?["message"]?.stringValue ?? ""
                if response.status == 405 || (response.status == 404 && message.contains("nothing is served")) {
                    notServed.insert(name)
                }
            }
        }
        #expect(operations.count == 103)
        #expect(notServed == Self.unserved, "served \(operations.count - notServed.count) of \(operations.count)")
        #expect(operations.count - notServed.count >= 95)
    }

    /// A served path for a spec template: the production host first, parameters filled in.
    static func concretePath(_ template: String, tenant: String) -> String {
        let filled = template.replacingOccurrences(of: "{targetProjectId}", with: testProject)
            .replacingOccurrences(of: "{tenantId}", with: tenant)
            .replacingOccurrences(of: "{oauthIdpConfigsId}", with: "oidc.x")
            .replacingOccurrences(of: "{inboundSamlConfigsId}", with: "saml.x")
            .replacingOccurrences(of: "{defaultSupportedIdpConfigsId}", with: "google.com")
        if filled.hasPrefix("/emulator/") { return filled }
        if filled == "/v1/token" { return "/securetoken.googleapis.com" + filled }
        return "/identitytoolkit.googleapis.com" + filled
    }
}
