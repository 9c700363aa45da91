import Foundation
import HTTPServer

/// What a fuzz run's requests act on: a project, one of its tenants, and an account in each with its tokens.
/// A run makes a new one whenever what its requests did (deleted, disabled, revoked) would hide what the next do.
public struct FuzzTarget: Sendable {
    /// An account and the tokens of its sign-up.
    public struct Account: Sendable {
        public var uid: String
        public var idToken: String
        public var refreshToken: String
    }

    /// Setup that did not answer as a working emulator does.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public let project: String
    public let tenant: String
    public let projectAccount: Account
    public let tenantAccount: Account

    /// Creates a tenant of `project` and an account in the project and in the tenant (`serial` keeps their emails
    /// apart from earlier targets').
    public init(project: String, serial: Int, send: FuzzSend) throws {
        let created = try send(.admin("POST", "/identitytoolkit.googleapis.com/v2/projects/\(project)/tenants",
                                      body: #"{"displayName":"fuzz","allowPasswordSignup":true}"#))
        guard let name = created.json?["name"] as? String, let tenant = name.split(separator: "/").last else {
            throw SetupError(description: "tenant not created: \(created.status)")
        }
        self.project = project
        self.tenant = String(tenant)
        projectAccount = try Self.signUp(serial: serial, tenant: nil, send: send)
        tenantAccount = try Self.signUp(serial: serial, tenant: self.tenant, send: send)
    }

    /// The account a request to `operation` acts on: the tenant's for a tenant path, else the project's.
    public func account(for operation: SpecOperation) -> Account {
        operation.isTenantScoped ? tenantAccount : projectAccount
    }

    private static func signUp(serial: Int, tenant: String?, send: FuzzSend) throws -> Account {
        var body: [String: Any] = ["email": "fuzz-\(serial)@example.com", "password": "secret1"]
        if let tenant { body["tenantId"] = tenant }
        let answer = try send(.client("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp",
                                      body: String(decoding: try JSONSerialization.data(withJSONObject: body),
                                                   as: UTF8.self)))
        guard let json = answer.json, let uid = json["localId"] as? String, let idToken = json["idToken"] as? String,
              let refreshToken = json["refreshToken"] as? String else {
            let text = String(decoding: answer.body, as: UTF8.self)
            throw SetupError(description: "sign-up failed: \(answer.status) \(text)")
        }
        return Account(uid: uid, idToken: idToken, refreshToken: refreshToken)
    }
}
