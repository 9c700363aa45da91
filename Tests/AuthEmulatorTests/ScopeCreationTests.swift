import AuthCore
import AuthEmulator
import Foundation
import HTTPServer
import LocalAuth
import Synchronization
import Testing
import TestSupport

/// The scopes an engine factory was asked to make a store for, in order.
private final class ScopeLog: Sendable {
    let scopes = Mutex<[EmulatorScope]>([])
}

/// An unpinned emulator whose engine factory records every scope it is asked to make a store for.
private struct RecordingProjects {
    let log = ScopeLog()
    let api: IdentityToolkitAPI

    init() throws {
        let log = log
        let projects = EmulatorProjects(defaultProject: "demo-a", isPinned: false) { scope throws(AuthError) in
            log.scopes.withLock { $0.append(scope) }
            return try LocalAuthEngine(path: ":memory:", passwordHashing: cheapHashing)
        }
        api = try IdentityToolkitAPI(projects: projects)
    }

    /// The scopes whose store was made, in order.
    var madeScopes: [EmulatorScope] { log.scopes.withLock { $0 } }

    /// `method` on `path` with a JSON `body`, the owner credential when `admin`, else `key` as the API key.
    func send(_ method: String, _ path: String, _ body: String = "", admin: Bool = false,
              key: String? = nil, query: [String: String] = [:]) -> (status: Int, text: String) {
        var headers = ["Content-Type": "application/json"]
        if admin { headers["Authorization"] = "Bearer owner" }
        let query = query.merging(key.map { ["key": $0] } ?? [:]) { $1 }
        let response = api.handle(HTTPRequest(method: method, path: path, query: query, headers: headers,
                                              body: Data(body.utf8)))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }
}

@Suite("A project's store is made by its first authorised write, never by a refused or read-only request")
struct ScopeCreationTests {
    private let v1 = "/identitytoolkit.googleapis.com/v1/projects"
    private let deepBody = "{\"a\":" + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        + "}"

    @Test("requests without a usable API key make nothing, whatever they name or carry")
    func refusedRequests() throws {
        let emulator = try RecordingProjects()
        for index in 0..<300 {
            let project = "probe-\(index)"
            for (key, status) in [(nil, 403), ("", 400)] as [(String?, Int)] {
                #expect(emulator.send("POST", "\(v1)/\(project)/accounts", #"{"email":"a@b.co"}"#, key: key).status
                        == status)
                #expect(emulator.send("POST", "\(v1)/\(project)/accounts:lookup", #"{"localId":["x"]}"#, key: key)
                    .status == status)
            }
        }
        // The key is checked before the body is read: a body no parser should spend time on is never looked at.
        let deep = emulator.send("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", deepBody)
        #expect(deep.status == 403 && deep.text.contains("PERMISSION_DENIED"))
        #expect(emulator.madeScopes == [EmulatorScope(project: "demo-a")])
        #expect(emulator.api.projects.openScopes.map(\.scope) == [EmulatorScope(project: "demo-a")])
    }

    @Test("reads of a project nothing was written to answer as an empty project and make nothing")
    func readsOfAnEmptyProject() throws {
        let emulator = try RecordingProjects()
        let lookup = emulator.send("POST", "\(v1)/demo-new/accounts:lookup", #"{"localId":["x"]}"#, admin: true)
        #expect(lookup.status == 200 && !lookup.text.contains("users"))
        #expect(emulator.send("GET", "\(v1)/demo-new/accounts:batchGet", admin: true).status == 200)
        let query = emulator.send("POST", "\(v1)/demo-new/accounts:query", "{}", admin: true)
        #expect(query.status == 200 && query.text.contains(#""recordsCount":"0""#))
        let update = emulator.send("POST", "\(v1)/demo-new/accounts:update", #"{"localId":"x"}"#, admin: true)
        #expect(update.text.contains("USER_NOT_FOUND"))
        for endpoint in ["oobCodes", "verificationCodes", "config"] {
            #expect(emulator.send("GET", "/emulator/v1/projects/demo-new/\(endpoint)").status == 200)
        }
        #expect(emulator.send("GET", "/emulator/v1/projects/demo-new/oobCodes").text == #"{"oobCodes":[]}"#)
        #expect(emulator.send("DELETE", "/emulator/v1/projects/demo-new/accounts").status == 200)
        #expect(emulator.send("GET", "/identitytoolkit.googleapis.com/v2/projects/demo-new/config", admin: true)
            .status == 200)
        let link = emulator.send("GET", "/emulator/action",
                                 query: ["mode": "verifyEmail", "oobCode": "x", "projectId": "demo-new"])
        #expect(link.status == 400 && link.text.contains("INVALID_OOB_CODE"))
        #expect(emulator.madeScopes == [EmulatorScope(project: "demo-a")])

        // A tenant exists once created, but its store only once something is written to it.
        let created = emulator.send("POST", "/identitytoolkit.googleapis.com/v2/projects/demo-a/tenants",
                                    #"{"displayName":"t","allowPasswordSignup":true}"#, admin: true)
        let tenant = try #require(created.text.firstMatch(of: /tenants\/([a-z0-9-]+)/)).1.description
        let signIn = emulator.send("POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
                                   #"{"email":"a@b.co","password":"secret1","tenantId":"\#(tenant)"}"#, key: "k")
        #expect(signIn.text.contains("EMAIL_NOT_FOUND"))
        #expect(emulator.madeScopes == [EmulatorScope(project: "demo-a")])
        let signUp = emulator.send("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp",
                                   #"{"email":"a@b.co","password":"secret1","tenantId":"\#(tenant)"}"#, key: "k")
        #expect(signUp.status == 200)
        #expect(emulator.madeScopes == [EmulatorScope(project: "demo-a"), EmulatorScope(project: "demo-a", tenant: tenant)])
    }

    @Test("the first write makes the store, and later reads see what it wrote")
    func firstWrite() throws {
        let emulator = try RecordingProjects()
        let created = emulator.send("POST", "\(v1)/demo-new/accounts", #"{"localId":"ada","email":"ada@example.com"}"#,
                                    admin: true)
        #expect(created.status == 200)
        #expect(emulator.madeScopes == [EmulatorScope(project: "demo-a"), EmulatorScope(project: "demo-new")])
        let lookup = emulator.send("POST", "\(v1)/demo-new/accounts:lookup", #"{"localId":["ada"]}"#, admin: true)
        #expect(lookup.text.contains("ada@example.com"))
        // A configuration patch writes too.
        #expect(emulator.send("PATCH", "/emulator/v1/projects/demo-other/config",
                              #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#).status == 200)
        #expect(emulator.madeScopes.last == EmulatorScope(project: "demo-other"))
        #expect(emulator.send("GET", "/emulator/v1/projects/demo-other/config").text
            .contains(#""enableImprovedEmailPrivacy":false"#))
    }
}
