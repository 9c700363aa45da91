import AuthCore
import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Testing
import TestSupport

/// The v2 configuration path of the test project followed by `rest`.
func configPath(_ rest: String) -> String {
    "/identitytoolkit.googleapis.com/v2/projects/\(testProject)\(rest)"
}

extension Emulator {
    /// Creates a tenant with `settings` (password sign-in by default) and returns its id.
    func createTenant(_ name: String = "Blue", _ settings: [String: Any] = ["allowPasswordSignup": true]) throws
        -> String {
        let reply = admin("POST", configPath("/tenants"), settings.merging(["displayName": name]) { $1 })
        let id = try #require(reply.string("tenantId"))
        #expect(reply.string("name") == "projects/\(testProject)/tenants/\(id)")
        return id
    }
}

@Suite("Tenants, project configuration, provider configurations and other projects")
struct TenantAndConfigTests {
    @Test("tenants are created, listed, read, patched and deleted; their users are their own")
    func tenants() throws {
        let emulator = try Emulator()
        let tenant = try emulator.createTenant()
        #expect(tenant.hasPrefix("blue-"))
        #expect(emulator.admin("GET", configPath("/tenants")).array("tenants").count == 1)
        let patched = emulator.admin("PATCH", configPath("/tenants/\(tenant)"), ["displayName": "Green"],
                                     query: ["updateMask": "displayName"])
        #expect(patched.string("displayName") == "Green" && patched.json["allowPasswordSignup"] == .bool(true))

        let (_, projectToken, _) = try emulator.signUp("same@example.com")
        let signUp = emulator.call("signUp", ["email": "same@example.com", "password": "secret1", "tenantId": tenant])
        #expect(signUp.status == 200, "the same email is free in the tenant")
        let claims = try jwtClaims(try #require(signUp.string("idToken")))
        #expect(claims["firebase"]?["tenant"]?.stringValue == tenant)
        let users = emulator.admin("POST", projectPath("/accounts:lookup", tenant: tenant),
                                   ["email": ["same@example.com"]])
        #expect(users.array("users").first?["tenantId"]?.stringValue == tenant)
        let lookup = emulator.call("lookup", ["idToken": try #require(signUp.string("idToken"))])
        #expect(lookup.array("users").first?["tenantId"]?.stringValue == tenant, "a token names its tenant")
        #expect(emulator.call("lookup", ["idToken": projectToken, "tenantId": tenant]).errorCode == "INVALID_ID_TOKEN",
                "a project's token is no token of the tenant")
        _ = emulator.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "same@example.com",
                                          "tenantId": tenant])
        #expect(emulator.emulator("tenants/\(tenant)/oobCodes").array("oobCodes").count == 1)
        #expect(emulator.oobCodes().isEmpty)
        #expect(emulator.refresh(try #require(signUp.string("refreshToken"))).status == 200)

        #expect(emulator.admin("DELETE", configPath("/tenants/\(tenant)")).status == 200)
        #expect(emulator.call("signUp", ["tenantId": tenant]).errorCode == "TENANT_NOT_FOUND")
        #expect(emulator.admin("GET", configPath("/tenants")).array("tenants").isEmpty,
                "a client naming a tenant creates nothing")
        let recreated = emulator.admin("GET", configPath("/tenants/\(tenant)"))
        #expect(recreated.bool("enableAnonymousUser") == true, "the owner naming it creates it with every method on")
        #expect(emulator.admin("POST", projectPath("/accounts:lookup", tenant: tenant), ["email": ["same@example.com"]])
            .array("users").isEmpty, "its users went with it")
    }

    @Test("a tenant's IAM policy is stored; the owner holds every permission asked about")
    func iamPolicy() throws {
        let emulator = try Emulator()
        let tenant = try emulator.createTenant()
        let policy: [String: Any] = ["bindings": [["role": "roles/viewer", "members": ["user:a@example.com"]]]]
        #expect(emulator.admin("POST", configPath("/tenants/\(tenant):setIamPolicy"), ["policy": policy]).status == 200)
        let read = emulator.admin("POST", configPath("/tenants/\(tenant):getIamPolicy"), [:])
        #expect(read.array("bindings").count == 1)
        let test = emulator.admin("POST", configPath("/tenants/\(tenant):testIamPermissions"),
                                  ["permissions": ["identitytoolkit.tenants.get"]])
        #expect(test.json["permissions"] == .array([.string("identitytoolkit.tenants.get")]))
    }

    @Test("provider configurations are stored per project and tenant, with Firebase's id rules")
    func providerConfigurations() throws {
        let emulator = try Emulator()
        let oidc: [String: Any] = ["displayName": "Line", "clientId": "c", "issuer": "https://line.example",
                                   "enabled": true]
        let created = emulator.admin("POST", configPath("/oauthIdpConfigs"), oidc,
                                     query: ["oauthIdpConfigId": "oidc.line"])
        #expect(created.string("name") == "projects/\(testProject)/oauthIdpConfigs/oidc.line")
        #expect(emulator.admin("POST", configPath("/oauthIdpConfigs"), oidc, query: ["oauthIdpConfigId": "oidc.line"])
            .status == 409)
        #expect(emulator.admin("POST", configPath("/oauthIdpConfigs"), oidc, query: ["oauthIdpConfigId": "line"])
            .errorCode == "INVALID_PROVIDER_ID")
        #expect(emulator.admin("GET", configPath("/oauthIdpConfigs")).array("oauthIdpConfigs").count == 1)
        #expect(emulator.admin("PATCH", configPath("/oauthIdpConfigs/oidc.line"), ["enabled": false])
            .json["enabled"] == .bool(false))
        #expect(emulator.admin("DELETE", configPath("/oauthIdpConfigs/oidc.line")).status == 200)
        #expect(emulator.admin("GET", configPath("/oauthIdpConfigs/oidc.line")).errorCode == "CONFIGURATION_NOT_FOUND")
        let tenant = try emulator.createTenant()
        let saml = emulator.admin("POST", configPath("/tenants/\(tenant)/inboundSamlConfigs"), ["displayName": "S"],
                                  query: ["inboundSamlConfigId": "saml.corp"])
        #expect(saml.status == 200)
        #expect(emulator.admin("GET", configPath("/inboundSamlConfigs")).array("inboundSamlConfigs").isEmpty)
        #expect(emulator.admin("GET", configPath("/oauthIdpConfigs"), admin: false).errorCode
            == "INSUFFICIENT_PERMISSION")
    }

    @Test("the project configuration is stored, and its email privacy switches the emulator's behaviour")
    func projectConfiguration() throws {
        let emulator = try Emulator()
        let patched = emulator.admin("PATCH", configPath("/config"), [
            "authorizedDomains": ["example.com"], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": false],
        ])
        #expect(patched.json["authorizedDomains"] == .array([.string("example.com")]))
        #expect(emulator.api.currentSettings.emailEnumerationProtection == false)
        #expect(emulator.admin("GET", configPath("/config")).json["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]
            == .bool(false))
        #expect(emulator.call("signInWithPassword", ["email": "nobody@example.com", "password": "x"]).errorCode
            == "EMAIL_NOT_FOUND")
        let duplicates = emulator.admin("PATCH", configPath("/config"), ["signIn": ["allowDuplicateEmails": true]],
                                        query: ["updateMask": "signIn.allowDuplicateEmails"])
        #expect(duplicates.json["signIn"]?["allowDuplicateEmails"] == .bool(true))
        #expect(emulator.api.currentSettings.allowDuplicateEmails)
        // A patch without a mask is a full update: duplicate emails it does not name go off again.
        #expect(emulator.admin("PATCH", configPath("/config"), [:]).json["signIn"]?["allowDuplicateEmails"]
            == .bool(false))
        #expect(!emulator.api.currentSettings.allowDuplicateEmails)
    }

    @Test("with duplicate emails allowed, createAuthUri lists only an email's password and link methods")
    func duplicateEmailsHideIdentityProviders() throws {
        let emulator = try Emulator()
        let (uid, _, _) = try emulator.signUp("ada@example.com")
        #expect(emulator.admin("POST", projectPath("/accounts:update"), [
            "localId": uid, "linkProviderUserInfo": ["providerId": "google.com", "rawId": "g-1"],
        ]).status == 200)
        let body: [String: Any] = ["identifier": "ada@example.com", "continueUri": "http://localhost/"]
        #expect(emulator.call("createAuthUri", body).array("signinMethods").compactMap(\.stringValue).sorted()
            == ["google.com", "password"])
        _ = emulator.emulator("config", method: "PATCH", body: Data(#"{"signIn":{"allowDuplicateEmails":true}}"#.utf8))
        let reply = emulator.call("createAuthUri", body)
        #expect(reply.array("signinMethods").compactMap(\.stringValue) == ["password"])
        #expect(reply.array("allProviders").compactMap(\.stringValue) == ["password"])
        #expect(reply.json["registered"] == .bool(true))
    }

    @Test("public configuration answers: projects, password policy, reCAPTCHA (off), default IdPs")
    func publicConfiguration() throws {
        let emulator = try Emulator()
        let v1 = "/identitytoolkit.googleapis.com/v1"
        let v2 = "/identitytoolkit.googleapis.com/v2"
        #expect(emulator.admin("GET", "\(v1)/projects", admin: false).string("projectId") == testProject)
        let policy = emulator.admin("GET", "\(v2)/passwordPolicy", admin: false)
        #expect(policy.json["customStrengthOptions"]?["minPasswordLength"] == .number(6))
        #expect(emulator.admin("GET", "\(v2)/recaptchaConfig", admin: false).status == 200)
        #expect(emulator.admin("GET", "\(v1)/recaptchaParams", admin: false).status == 200)
        let idps = emulator.admin("GET", "\(v2)/defaultSupportedIdps", admin: false).array("defaultSupportedIdps")
        #expect(idps.contains { $0["idpId"]?.stringValue == "google.com" })
        let (_, idToken, _) = try emulator.signUp()
        #expect(emulator.admin("POST", "\(v2)/accounts:revokeToken",
                               ["idToken": idToken, "providerId": "apple.com", "token": "t",
                                "tokenType": "REFRESH_TOKEN"],
                               admin: false).status == 200)
        #expect(emulator.admin("POST", "\(v2)/accounts:revokeToken", ["idToken": "x", "providerId": "apple.com"],
                               admin: false).errorCode == "INVALID_ID_TOKEN")
    }

    @Test("an unpinned emulator serves any project, each with its own users; a pinned one refuses others (400)")
    func anyProject() throws {
        let projects = EmulatorProjects(defaultProject: "demo-a", isPinned: false) { _ throws(AuthError) in
            try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing)
        }
        let api = try IdentityToolkitAPI(projects: projects)
        func create(_ project: String) -> Int {
            let path = "/identitytoolkit.googleapis.com/v1/projects/\(project)/accounts"
            return api.handle(HTTPRequest(method: "POST", path: path,
                                   headers: ["Authorization": "Bearer owner"],
                                   body: Data(#"{"localId":"same","email":"same@example.com"}"#.utf8))).status
        }
        #expect(create("demo-a") == 200 && create("demo-b") == 200 && create("demo-b") == 400)
        #expect(create("bad_id") == 404)
        let emulator = try Emulator()
        let refused = emulator.admin("POST", "/identitytoolkit.googleapis.com/v1/projects/other/accounts", [:])
        #expect(refused.status == 400)
        #expect(refused.errorMessage?.hasPrefix("Multiple projectIds are not recommended in single project mode. "
            + "Requested project ID other, but the emulator is configured for \(testProject).") == true)
    }

    @Test("an export holds every project and tenant, and an import serves them again")
    func exportAndImport() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("export-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let emulator = try Emulator()
        let tenant = try emulator.createTenant()
        _ = try emulator.signUp()
        _ = emulator.call("signUp", ["email": "t@example.com", "password": "secret1", "tenantId": tenant])
        try EmulatorExport.write(emulator.api.projects, to: directory)
        let store = directory + "/\(testProject).sqlite"
        let mode = try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions]
        #expect(mode as? Int == 0o600)

        let projects = EmulatorProjects(defaultProject: testProject, isPinned: true) { _ throws(AuthError) in
            try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing)
        }
        try EmulatorExport.load(directory, into: projects) { snapshot throws(AuthError) in
            try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing, snapshot: snapshot)
        }
        let restored = try IdentityToolkitAPI(projects: projects)
        func signIn(_ body: String) -> Int {
            let path = "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword"
            return restored.handle(HTTPRequest(method: "POST", path: path,
                                        query: ["key": "k"], body: Data(body.utf8))).status
        }
        #expect(signIn(#"{"email":"ada@example.com","password":"secret1"}"#) == 200)
        #expect(signIn(#"{"email":"t@example.com","password":"secret1","tenantId":"\#(tenant)"}"#) == 200)
    }

    @Test("a configuration as deep as a request body may be survives the configuration file")
    func deepConfiguration() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let emulator = try Emulator()
        // The body is the document's top level: 99 arrays inside its member reach the deepest a body may be.
        let deep = String(repeating: "[", count: 99) + String(repeating: "]", count: 99)
        let created = emulator.api.handle(HTTPRequest(method: "POST", path: configPath("/oauthIdpConfigs"),
                                                query: ["oauthIdpConfigId": "oidc.deep"],
                                                headers: ["Authorization": "Bearer owner"],
                                                body: Data(#"{"clientId":"c","deep":\#(deep)}"#.utf8)))
        #expect(created.status == 200)
        try EmulatorExport.writeConfiguration(emulator.api.projects, to: file)
        let projects = EmulatorProjects(defaultProject: testProject, isPinned: true) { _ throws(AuthError) in
            try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing)
        }
        try EmulatorExport.loadConfiguration(file, into: projects)
        let restored = try IdentityToolkitAPI(projects: projects)
        let read = restored.handle(HTTPRequest(method: "GET", path: configPath("/oauthIdpConfigs/oidc.deep"),
                                               headers: ["Authorization": "Bearer owner"]))
        #expect(read.status == 200 && String(decoding: read.body, as: UTF8.self).contains(#""clientId":"c""#))
    }
}
