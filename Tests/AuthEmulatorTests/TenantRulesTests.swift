@testable import AuthEmulator
import Foundation
import JSON
import Testing
import TestSupport

@Suite("Tenant configuration and the sign-in rules it sets, as Firebase's emulator applies them")
struct TenantRulesTests {
    @Test("a created tenant names its id; switches it does not give are off, its MFA is DISABLED")
    func creationDefaults() throws {
        let emulator = try Emulator()
        let created = emulator.admin("POST", configPath("/tenants"), ["displayName": "Red"])
        let id = try #require(created.string("tenantId"))
        #expect(created.string("name") == "projects/\(testProject)/tenants/\(id)")
        for name in ["allowPasswordSignup", "enableEmailLinkSignin", "enableAnonymousUser", "disableAuth"] {
            #expect(created.bool(name) == false, "\(name)")
        }
        #expect(created.json["mfaConfig"] == .object(["state": .string("DISABLED"), "enabledProviders": .array([])]))
        #expect(emulator.admin("GET", configPath("/tenants/\(id)")).json == created.json)
        #expect(emulator.admin("POST", configPath("/tenants"), ["disableAuth": "yes"], fitsSpec: false).errorCode
            == "INVALID_ARGUMENT")
    }

    @Test("a patch without updateMask replaces the tenant; a mask copies only the paths the patch holds")
    func patches() throws {
        let emulator = try Emulator()
        let id = try emulator.createTenant("Red", ["allowPasswordSignup": true, "enableAnonymousUser": true])
        let full = emulator.admin("PATCH", configPath("/tenants/\(id)"), ["enableEmailLinkSignin": true])
        #expect(full.bool("enableEmailLinkSignin") == true && full.bool("allowPasswordSignup") == false)
        #expect(full.string("displayName") == nil && full.string("tenantId") == id)

        let mask = "displayName.0,mfaConfig.state,mfaConfig.enabledProviders.x,enableAnonymousUser"
        let masked = emulator.admin("PATCH", configPath("/tenants/\(id)"), [
            "displayName": "Blue", "mfaConfig": ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]],
        ], query: ["updateMask": mask])
        #expect(masked.string("displayName") == nil, "indexing into a string changes nothing")
        #expect(masked.json["mfaConfig"] == .object(["state": .string("ENABLED"), "enabledProviders": .array([])]))
        #expect(masked.bool("enableAnonymousUser") == false, "a masked field the patch lacks keeps its value")
        #expect(masked.bool("enableEmailLinkSignin") == true)
    }

    @Test("a full page of tenants carries a page token; the page after it is empty and has none")
    func paging() throws {
        let emulator = try Emulator()
        let ids = [try emulator.createTenant("A"), try emulator.createTenant("B")].sorted()
        let first = emulator.admin("GET", configPath("/tenants"), query: ["pageSize": "2"])
        #expect(first.array("tenants").map { $0["tenantId"]?.stringValue } == ids)
        let token = try #require(first.string("nextPageToken"))
        let second = emulator.admin("GET", configPath("/tenants"), query: ["pageToken": token])
        #expect(second.array("tenants").isEmpty && second.string("nextPageToken") == nil)
    }

    @Test("the owner naming an unknown tenant creates it with every method on; a client gets TENANT_NOT_FOUND")
    func implicitTenants() throws {
        let emulator = try Emulator()
        #expect(emulator.call("signUp", ["tenantId": "t-1"]).errorCode == "TENANT_NOT_FOUND")
        #expect(emulator.admin("GET", configPath("/tenants")).array("tenants").isEmpty)
        let created = emulator.admin("POST", projectPath("/accounts", tenant: "t-2"), ["localId": "u"])
        #expect(created.status == 200)
        let tenant = emulator.admin("GET", configPath("/tenants/t-2"))
        #expect(tenant.bool("allowPasswordSignup") == true && tenant.bool("enableEmailLinkSignin") == true)
        #expect(tenant.json["mfaConfig"] == .object(["state": .string("ENABLED"),
                                                     "enabledProviders": .array([.string("PHONE_SMS")])]))
        #expect(emulator.admin("GET", configPath("/tenants/bad_id")).errorCode == "TENANT_NOT_FOUND")
    }

    @Test("disableAuth refuses every user operation before its own checks; batch deletes still work")
    func disabledAuth() throws {
        let emulator = try Emulator()
        let id = try emulator.createTenant("Off", ["disableAuth": true, "allowPasswordSignup": true])
        for operation in ["signUp", "signInWithPassword", "signInWithIdp", "lookup", "sendOobCode", "createAuthUri"] {
            #expect(emulator.call(operation, ["tenantId": id]).errorCode == "PROJECT_DISABLED", "\(operation)")
        }
        #expect(emulator.admin("GET", projectPath("/accounts:batchGet", tenant: id)).errorCode == "PROJECT_DISABLED")
        #expect(emulator.admin("POST", projectPath("/accounts:batchCreate", tenant: id), [:]).errorCode
            == "PROJECT_DISABLED", "before MISSING_USER_ACCOUNT")
        #expect(emulator.admin("POST", projectPath("/accounts:batchDelete", tenant: id), ["localIds": ["x"]])
            .status == 200)
    }

    @Test("password, email link, anonymous and phone sign-ins follow the tenant's switches, in Firebase's words")
    func methodSwitches() throws {
        let emulator = try Emulator()
        let id = try emulator.createTenant("Closed", [:])
        let credentials: [String: Any] = ["tenantId": id, "email": "a@example.com", "password": "secret1"]
        #expect(emulator.call("signUp", credentials).errorMessage == "OPERATION_NOT_ALLOWED")
        #expect(emulator.call("signUp", ["tenantId": id]).errorMessage == "ADMIN_ONLY_OPERATION")
        #expect(emulator.call("signInWithPassword", ["tenantId": id]).errorMessage == "PASSWORD_LOGIN_DISABLED")
        #expect(emulator.call("resetPassword", ["tenantId": id]).errorMessage == "PASSWORD_LOGIN_DISABLED")
        #expect(emulator.call("sendOobCode", ["tenantId": id, "requestType": "EMAIL_SIGNIN", "email": "a@example.com",
                                              "continueUrl": "https://example.com"]).errorMessage
            == "OPERATION_NOT_ALLOWED")
        #expect(emulator.call("signInWithEmailLink", ["tenantId": id]).errorMessage == "OPERATION_NOT_ALLOWED")
        for operation in ["sendVerificationCode", "signInWithPhoneNumber"] {
            #expect(emulator.call(operation, ["tenantId": id]).errorMessage == "UNSUPPORTED_TENANT_OPERATION")
        }
        #expect(emulator.admin("POST", projectPath("/accounts", tenant: id), ["email": "a@example.com"]).status == 200,
                "the owner still creates accounts")
        let open = try emulator.createTenant("Open", ["allowPasswordSignup": true, "enableAnonymousUser": true])
        #expect(emulator.call("signUp", credentials.merging(["tenantId": open]) { $1 }).status == 200)
        #expect(emulator.call("signUp", ["tenantId": open]).status == 200)
    }

    @Test("second factors need the tenant's MFA: SMS by enabledProviders, TOTP by providerConfigs")
    func secondFactorSwitches() throws {
        let emulator = try Emulator()
        let sms = "OPERATION_NOT_ALLOWED : SMS based MFA not enabled."
        let off = try emulator.createTenant("NoMFA", ["allowPasswordSignup": true])
        let v2 = "/identitytoolkit.googleapis.com/v2/accounts/"
        for operation in ["mfaEnrollment:start", "mfaEnrollment:finalize", "mfaSignIn:start", "mfaSignIn:finalize"] {
            #expect(emulator.admin("POST", v2 + operation, ["tenantId": off], admin: false).errorMessage == sms)
        }
        let totp = try emulator.createTenant("TOTP", ["allowPasswordSignup": true, "mfaConfig": [
            "state": "ENABLED", "enabledProviders": ["PROVIDER_UNSPECIFIED"],
            "providerConfigs": [["state": "ENABLED", "totpProviderConfig": ["adjacentIntervals": 5]]],
        ]])
        let signUp = emulator.call("signUp", ["tenantId": totp, "email": "t@example.com", "password": "secret1"])
        let idToken = try #require(signUp.string("idToken"))
        _ = emulator.admin("POST", projectPath("/accounts:update", tenant: totp),
                           ["localId": try #require(signUp.string("localId")), "emailVerified": true])
        let start = v2 + "mfaEnrollment:start"
        #expect(emulator.admin("POST", start, ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+15555550100"]],
                               admin: false).errorMessage == sms)
        let totpStart = emulator.admin("POST", start, ["idToken": idToken, "totpEnrollmentInfo": [String: Any]()],
                                       admin: false)
        #expect(totpStart.json["totpSessionInfo"]?["sessionInfo"]?.stringValue != nil, "\(totpStart.json)")
        #expect(emulator.admin("POST", start, ["tenantId": off, "totpEnrollmentInfo": [String: Any]()], admin: false)
            .errorMessage == "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.")
    }

    @Test("TENANT_ID_MISMATCH, exactly, when path, body, ID token or custom token name different tenants")
    func mismatches() throws {
        let emulator = try Emulator()
        let id = try emulator.createTenant()
        let idToken = try #require(emulator.call("signUp", ["tenantId": id, "email": "m@example.com",
                                                            "password": "secret1"]).string("idToken"))
        #expect(emulator.admin("POST", projectPath("/accounts:delete", tenant: id),
                               ["localId": "x", "tenantId": "other"]).errorMessage == "TENANT_ID_MISMATCH")
        #expect(emulator.admin("POST", projectPath("/accounts:lookup", tenant: "unknown"), ["idToken": idToken])
            .errorMessage == "TENANT_ID_MISMATCH", "before the unknown tenant is looked for")
        #expect(emulator.call("lookup", ["idToken": idToken, "tenantId": "unknown"]).errorMessage == "TENANT_ID_MISMATCH")
        #expect(emulator.call("signInWithCustomToken", ["token": try customToken(uid: "c"), "tenantId": id])
            .errorMessage == "TENANT_ID_MISMATCH", "a tenant's custom token names it")
        let signedIn = emulator.call("signInWithCustomToken", ["token": try customToken(uid: "c", tenant: id),
                                                               "tenantId": id])
        #expect(signedIn.status == 200)
    }

    @Test("an identity-provider sign-in in a tenant answers with its tenantId")
    func identityProviderTenant() throws {
        let emulator = try Emulator()
        let id = try emulator.createTenant("IdP", [:])
        let claims = #"{"sub":"123","email":"idp@example.com"}"#
        let reply = emulator.call("signInWithIdp", [
            "tenantId": id, "requestUri": "http://localhost", "returnSecureToken": true,
            "postBody": "providerId=google.com&id_token=" + (claims.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics) ?? ""),
        ])
        #expect(reply.status == 200 && reply.string("tenantId") == id)
        #expect(emulator.call("signInWithIdp", ["requestUri": "http://localhost", "returnSecureToken": true,
                                                "postBody": "providerId=google.com&id_token=" + (claims
                                                    .addingPercentEncoding(withAllowedCharacters: .alphanumerics)
                                                    ?? "")]).string("tenantId") == nil)
    }

    @Test("an imported account naming another tenant is refused by index; the others are imported")
    func importTenant() throws {
        let emulator = try Emulator()
        let id = try emulator.createTenant()
        let reply = emulator.admin("POST", projectPath("/accounts:batchCreate", tenant: id), ["users": [
            ["localId": "a", "tenantId": "other"], ["localId": "b", "tenantId": id], ["localId": "c"],
        ]])
        #expect(reply.array("error") == [.object([
            "index": .number(0), "message": .string("Tenant id in userInfo does not match the tenant id in request."),
        ])])
        #expect(emulator.admin("POST", projectPath("/accounts:lookup", tenant: id), ["localId": ["a", "b", "c"]])
            .array("users").count == 2)
    }

    @Test("an update mask sets nested paths and ignores paths the patch does not hold")
    func fieldMask() throws {
        let document: [String: Any] = ["a": 1.0, "m": ["s": "DISABLED", "p": ["X"]]]
        let patch: [String: Any] = ["a": 2.0, "m": ["s": "ENABLED", "p": ["Y"]], "n": ["k": true], "z": JSONNull()]
        let result = try FieldMask("m.s, n.k,a.0,m.p.x,z,missing").applied(patch, to: document)
        #expect(JSONValue(any: result) == JSONValue(any: [
            "a": 1.0, "m": ["s": "ENABLED", "p": ["X"]], "n": ["k": true],
        ] as [String: Any]))
        #expect(try FieldMask("").paths.isEmpty && FieldMask("a.b").paths == [["a", "b"]])
    }
}
