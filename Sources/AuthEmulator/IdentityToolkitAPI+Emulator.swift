import AuthCore
import FoundationEssentials
import HTTPServer
import LocalAuth

extension IdentityToolkitAPI {
    /// `/emulator/v1/projects/{id}[/tenants/{tenant}]/…`: `GET oobCodes`, `GET verificationCodes`,
    /// `DELETE accounts`, `GET`/`PATCH config`. `rest` is the path after `/emulator/v1/projects/`.
    func emulatorEndpoint(_ request: HTTPRequest, path rest: String) throws(APIError) -> HTTPResponse {
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var scope = EmulatorScope(project: parts.first ?? "")
        if parts.count == 4, parts[1] == "tenants" {
            scope.tenant = parts[2]
            parts.removeSubrange(1...2)
        }
        guard parts.count == 2, ["oobCodes", "verificationCodes", "accounts", "config"].contains(parts[1]),
              scope.tenant == nil || parts[1] != "config"
        else { throw Self.notFound(Self.emulatorPrefix + rest) }
        // Only a configuration patch writes; its body is read before the scope is made.
        let patch = parts[1] == "config" && request.method.uppercased() == "PATCH"
            ? try JSONFields(body: request.body) : nil
        let api = try scoped(scope, for: patch == nil ? .read : .write)
        let engine = api.engine
        switch parts[1] {
        case "oobCodes":
            try Self.requireMethod(request, "GET")
            let codes = try engineCall { () throws(AuthError) in try engine.pendingOobCodes() }
            return .json(["oobCodes": codes.map { code -> [String: Any] in
                var entry: [String: Any] = [
                    "email": code.email, "oobCode": code.code,
                    "oobLink": api.actionLink(code.link ?? "", host: request.header("host")),
                    "requestType": Self.requestType(of: code.kind),
                ]
                if let newEmail = code.newEmail { entry["newEmail"] = newEmail }
                return entry.merging(Self.sentAt(code.sentAt)) { $1 }
            }])
        case "verificationCodes":
            try Self.requireMethod(request, "GET")
            let codes = try engineCall { () throws(AuthError) in try engine.pendingPhoneCodes() }
            return .json(["verificationCodes": codes.map { code -> [String: Any] in
                ["phoneNumber": code.phoneNumber, "code": code.code, "sessionInfo": code.sessionInfo]
                    .merging(Self.sentAt(code.sentAt)) { $1 }
            }])
        case "accounts":
            try Self.requireMethod(request, "DELETE")
            try engineCall { () throws(AuthError) in try engine.deleteAllAccounts() }
            return .json([:])
        default:
            return try api.config(request, patch: patch)
        }
    }

    /// When a message went out, as RFC 3339 with milliseconds: a field of ours (Firebase's emulator has none),
    /// so `fauth-tui inbox` shows the real time instead of when it asked.
    private static func sentAt(_ date: Date?) -> [String: Any] {
        guard let date else { return [:] }
        return ["sentAt": RFC3339.string(date, milliseconds: true)]
    }

    /// `GET` or `PATCH …/config` (`patch`, its body): email privacy and duplicate emails can be switched.
    private func config(_ request: HTTPRequest, patch: JSONFields?) throws(APIError) -> HTTPResponse {
        if let patch {
            try applyConfig(patch)
        } else {
            try Self.requireMethod(request, "GET")
        }
        return .json([
            "signIn": ["allowDuplicateEmails": settings.value.allowDuplicateEmails],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": settings.value.emailEnumerationProtection],
        ])
    }
}
