import FoundationEssentials
import HTTPServer
import JSON

extension IdentityToolkitAPI {
    /// The prefix of Identity Toolkit v3's paths, which older SDKs still call and Firebase's emulator still serves.
    static let relyingPartyPrefix = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    /// v3 operations by name, and the v1 path (after `v1/`) that serves each one.
    static let relyingPartyOperations: [String: String] = [
        "createAuthUri": "accounts:createAuthUri", "deleteAccount": "accounts:delete",
        "emailLinkSignin": "accounts:signInWithEmailLink", "getAccountInfo": "accounts:lookup",
        "getOobConfirmationCode": "accounts:sendOobCode", "getProjectConfig": "projects",
        "getRecaptchaParam": "recaptchaParams", "publicKeys": "publicKeys", "resetPassword": "accounts:resetPassword",
        "sendVerificationCode": "accounts:sendVerificationCode", "setAccountInfo": "accounts:update",
        "setProjectConfig": "setProjectConfig", "signupNewUser": "accounts:signUp",
        "verifyAssertion": "accounts:signInWithIdp", "verifyCustomToken": "accounts:signInWithCustomToken",
        "verifyPassword": "accounts:signInWithPassword", "verifyPhoneNumber": "accounts:signInWithPhoneNumber",
    ]

    /// v3 operations on a project named in the body's `targetProjectId`: the method and the operation after
    /// `v1/projects/{targetProjectId}/`.
    static let relyingPartyProjectOperations: [String: (method: String, operation: String)] = [
        "downloadAccount": ("GET", "accounts:batchGet"), "uploadAccount": ("POST", "accounts:batchCreate"),
    ]

    /// Serves a v3 path (`operation` is what follows `relyingPartyPrefix`) as its v1 equivalent.
    ///
    /// Errors: 501 for `signOutUser`, INSUFFICIENT_PERMISSION for a project operation without
    /// `targetProjectId`, 404 for an unknown operation, and those of the v1 operation.
    func relyingParty(_ request: HTTPRequest, operation: String) throws(APIError) -> HTTPResponse {
        var forwarded = request
        if let v1 = Self.relyingPartyOperations[operation] {
            forwarded.path = Self.identityToolkitPrefix + "v1/" + v1
            return try route(forwarded)
        }
        if operation == "signOutUser" {
            try Self.requireMethod(request, "POST")
            throw APIError.notImplemented("signOutUser is not implemented in the Auth Emulator.")
        }
        guard let target = Self.relyingPartyProjectOperations[operation] else {
            throw Self.notFound(Self.relyingPartyPrefix + operation)
        }
        try Self.requireMethod(request, "POST")
        var fields = try JSONFields(body: request.body).values
        guard let project = fields.removeValue(forKey: "targetProjectId") as? String, !project.isEmpty else {
            throw APIError("INSUFFICIENT_PERMISSION")
        }
        forwarded.method = target.method
        forwarded.path = Self.identityToolkitPrefix + "v1/projects/\(project)/" + target.operation
        if target.method == "GET" {
            for (name, value) in fields { forwarded.query[name] = JSONValue(any: value).map(Self.queryText) }
            forwarded.body = Data()
        } else {
            forwarded.body = JSONValue(any: fields)?.data() ?? Data("{}".utf8)
        }
        return try route(forwarded)
    }

    /// A body value as a query parameter carries it: strings as they are, anything else as its JSON text.
    private static func queryText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return String(decoding: value.data(), as: UTF8.self)
    }
}
