import AuthCore
import Foundation
import HTTPServer
import LocalAuth

extension IdentityToolkitAPI {
    /// `/emulator/v1/projects/{id}/…`: `GET oobCodes`, `GET verificationCodes`, `DELETE accounts`,
    /// `GET`/`PATCH config`. `rest` is the path after `/emulator/v1/projects/`.
    func emulatorEndpoint(_ request: HTTPRequest, path rest: String) throws(APIError) -> HTTPResponse {
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, ["oobCodes", "verificationCodes", "accounts", "config"].contains(parts[1]) else {
            throw Self.notFound(Self.emulatorPrefix + rest)
        }
        guard parts[0] == projectID else {
            throw APIError(status: 404, code: "NOT_FOUND",
                           detail: "this emulator serves project \(projectID), not \(parts[0])",
                           canonicalStatus: "NOT_FOUND")
        }
        switch parts[1] {
        case "oobCodes":
            try Self.requireMethod(request, "GET")
            let codes = try engineCall { () throws(AuthError) in try engine.pendingOobCodes() }
            return .json(["oobCodes": codes.map { code -> [String: Any] in
                ["email": code.email, "oobCode": code.code, "oobLink": code.link ?? "",
                 "requestType": Self.requestType(of: code.kind)]
            }])
        case "verificationCodes":
            try Self.requireMethod(request, "GET")
            let codes = try engineCall { () throws(AuthError) in try engine.pendingPhoneCodes() }
            return .json(["verificationCodes": codes.map { code -> [String: Any] in
                ["phoneNumber": code.phoneNumber, "code": code.code, "sessionInfo": code.sessionInfo]
            }])
        case "accounts":
            try Self.requireMethod(request, "DELETE")
            try engineCall { () throws(AuthError) in try engine.deleteAllAccounts() }
            return .json([:])
        default:
            return try config(request)
        }
    }

    /// `GET` or `PATCH …/config`: email privacy can be switched; duplicate emails are never allowed.
    private func config(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        if request.method.uppercased() == "PATCH" {
            let fields = try JSONFields(body: request.body)
            if try fields.object("signIn")?.bool("allowDuplicateEmails") == true {
                throw APIError.invalidArgument("allowDuplicateEmails is not supported: one account per email")
            }
            if let privacy = try fields.object("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy") {
                settings.value.emailEnumerationProtection = privacy
            }
        } else {
            try Self.requireMethod(request, "GET")
        }
        return .json([
            "signIn": ["allowDuplicateEmails": false],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": settings.value.emailEnumerationProtection],
        ])
    }
}
